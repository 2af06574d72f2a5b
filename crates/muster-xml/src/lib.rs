//! The one XML writer of Muster's exporters.
//!
//! `muster-tiled` (TMX maps) and `muster-vassal` (`buildFile.xml`, `moduledata`) used to
//! write XML two ways that disagreed about control characters; both now write through
//! [`XmlWriter`], a thin layer over quick-xml's writer, and every text and attribute value
//! goes through one sanitiser, [`escape`]:
//!
//! - characters XML 1.0 forbids ([`is_forbidden`]: C0 controls other than tab, line feed and
//!   carriage return; U+FFFE and U+FFFF) are **dropped**. XML 1.0 has no way to write them,
//!   not even as character references, and a replacement character would print a stray
//!   glyph in Tiled's and VASSAL's titles; a title `"Bell\u{7}map"` is written `Bellmap`.
//! - markup is escaped (`&`, `<`, `>`; `"` in attribute values), and so are the whitespace
//!   characters a parser would otherwise normalise (tab and line feed in attribute values,
//!   carriage return anywhere), so they read back as written.
//!
//! Element and attribute names are the program's own constants and are written as given.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod escape;
mod writer;

pub use escape::{escape, is_forbidden, sanitize, Place, Quotes};
pub use writer::{Style, XmlWriter};
