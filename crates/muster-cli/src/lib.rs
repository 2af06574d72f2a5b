//! The library half of the `muster` command: rendering reports, so that tests render
//! exactly what users see.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod render;
