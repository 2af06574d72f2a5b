//! VASSAL's `SequenceEncoder`: the escaping every piece type and state string goes through
//! (`piece;;;image.png;Name`, traits joined by tabs, commands by `/`). Written from the
//! behaviour of `VASSAL.tools.SequenceEncoder` (3.7): each token is appended after the
//! delimiter, a delimiter inside a token is preceded by a backslash, and a token starting
//! with a backslash, or quoted with `'` at both ends, is wrapped in single quotes.

/// Builds one delimited sequence.
#[derive(Debug, Clone)]
pub struct Seq {
    delim: char,
    buf: Option<String>,
}

impl Seq {
    /// An empty sequence.
    pub fn new(delim: char) -> Seq {
        Seq { delim, buf: None }
    }

    /// A sequence whose first token is `first`.
    pub fn starting(first: &str, delim: char) -> Seq {
        Seq::new(delim).push(first)
    }

    /// Appends a token.
    pub fn push(mut self, token: &str) -> Seq {
        let buf = match self.buf.as_mut() {
            Some(b) => {
                b.push(self.delim);
                b
            }
            None => self.buf.insert(String::new()),
        };
        if token.is_empty() {
            return self;
        }
        let quote = token.starts_with('\\')
            || (token.len() > 1 && token.starts_with('\'') && token.ends_with('\''))
            || token == "'";
        if quote {
            buf.push('\'');
        }
        for c in token.chars() {
            if c == self.delim {
                buf.push('\\');
            }
            buf.push(c);
        }
        if quote {
            buf.push('\'');
        }
        self
    }

    /// The encoded sequence (empty when nothing was appended).
    pub fn value(self) -> String {
        self.buf.unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delimiters_inside_tokens_are_escaped_and_empty_tokens_kept() {
        let s = Seq::new(';').push("a;b").push("").push("c").value();
        assert_eq!(s, "a\\;b;;c");
    }

    #[test]
    fn a_token_starting_with_a_backslash_is_quoted() {
        assert_eq!(Seq::new('/').push("\\x").value(), "'\\x'");
        assert_eq!(Seq::new('/').push("'q'").value(), "''q''");
    }

    #[test]
    fn a_basic_piece_reads_as_vassal_writes_it() {
        // BasicPiece.getType(): "piece;" + (clone key ; delete key ; image ; name).
        let t = format!(
            "piece;{}",
            Seq::starting("", ';')
                .push("")
                .push("c.png")
                .push("Knights")
                .value()
        );
        assert_eq!(t, "piece;;;c.png;Knights");
        let add = Seq::new('/')
            .push("null")
            .push(&t)
            .push("null;0;0;7;0")
            .value();
        assert_eq!(add, "null/piece;;;c.png;Knights/null;0;0;7;0");
    }
}
