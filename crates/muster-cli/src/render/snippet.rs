//! Source snippets that stay readable on hostile input. codespan-reporting prints whole
//! source lines; a deep-nesting error would print a 2 MB line and a file's escape
//! sequences would reach the terminal. For each finding this builds a small stand-in
//! source holding only the labelled lines, each cut to [`WIDTH`] characters around its
//! label, control characters made visible, while line and column numbers stay those of
//! the real file.

use super::display_path;
use super::escape::{escape_char, escape_controls};
use codespan_reporting::files::{Error, Files};
use muster_check::Finding;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Characters of a source line shown around a label.
pub const WIDTH: usize = 200;

/// One shown line of the stand-in source.
struct Line {
    /// Byte range in the stand-in text, newline included.
    range: Range<usize>,
    /// 1-based line number in the real file.
    number: usize,
    /// Real column of the first shown character.
    first_column: usize,
    /// For each shown character: (byte in the real text, byte in the stand-in text).
    map: Vec<(usize, usize)>,
    /// Where the real line ends (its newline or the end of the text).
    real_end: usize,
}

impl Line {
    /// Stand-in offset of a real offset, clamped to the shown part of the line.
    fn to_shown(&self, real: usize) -> usize {
        match self.map.binary_search_by_key(&real, |(r, _)| *r) {
            Ok(i) => self.map[i].1,
            Err(0) => self.map.first().map_or(self.range.start, |m| m.1),
            Err(i) if i >= self.map.len() => self.range.end.saturating_sub(1),
            Err(i) => self.map[i].1,
        }
    }
}

struct File {
    path: PathBuf,
    name: String,
    text: String,
    lines: Vec<Line>,
}

/// The stand-in sources of one finding, and its labels placed in them.
pub struct Snippet {
    files: Vec<File>,
}

/// A label placed in a [`Snippet`]: file id and byte range.
pub type Placed = Option<(usize, Range<usize>)>;

/// A label's place in the real file: the line it starts on and its byte range.
struct Real<'a> {
    path: &'a Path,
    text: &'a str,
    line: usize,
    start: usize,
    end: usize,
}

fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl Snippet {
    /// Places the primary label (first) and the secondary labels of `f`; labels whose
    /// file has no source text come back `None`.
    pub fn build(
        f: &Finding,
        sources: &BTreeMap<PathBuf, Arc<str>>,
        base: Option<&Path>,
    ) -> (Snippet, Vec<Placed>) {
        let spans = std::iter::once((&f.file, f.line, f.start, f.end))
            .chain(f.labels.iter().map(|l| (&l.file, l.line, l.start, l.end)));
        let reals: Vec<Option<Real>> = spans
            .map(|(path, line, start, end)| {
                let text: &str = sources.get(path)?;
                let start = floor_boundary(text, start);
                Some(Real {
                    path,
                    text,
                    line,
                    start,
                    end: floor_boundary(text, end.max(start)),
                })
            })
            .collect();
        let mut snippet = Snippet { files: Vec::new() };
        // Lines in ascending order per file, so that stand-in offsets grow with lines.
        let mut wanted: Vec<(usize, usize, usize)> = Vec::new(); // (file, line, label)
        for (i, r) in reals.iter().enumerate() {
            if let Some(r) = r {
                let id = snippet.file_id(r.path, base);
                wanted.push((id, r.line, i));
            }
        }
        wanted.sort();
        for (id, line, i) in &wanted {
            let Some(r) = &reals[*i] else { continue };
            let last = snippet.files[*id]
                .lines
                .last()
                .map(|l| (l.number, l.real_end));
            match last {
                Some((n, _)) if n == *line => continue,
                Some((n, _)) if n + 1 == *line => {}
                // codespan shows a one-line gap as the line itself, a longer one as `·`.
                Some((n, end)) if n + 2 == *line => {
                    let between = Real {
                        line: n + 1,
                        start: (end + 1).min(r.text.len()),
                        ..*r
                    };
                    snippet.push_line(*id, &between);
                }
                Some(_) => snippet.push_filler(*id),
                None => {}
            }
            snippet.push_line(*id, r);
        }
        let placed = reals
            .iter()
            .map(|r| {
                let r = r.as_ref()?;
                let id = snippet.files.iter().position(|f| f.path == r.path)?;
                let line = snippet.files[id]
                    .lines
                    .iter()
                    .find(|l| l.number == r.line)?;
                let start = line.to_shown(r.start);
                let end = line.to_shown(r.end).max(start);
                Some((id, start..end))
            })
            .collect();
        (snippet, placed)
    }

    fn file_id(&mut self, path: &Path, base: Option<&Path>) -> usize {
        if let Some(i) = self.files.iter().position(|f| f.path == path) {
            return i;
        }
        self.files.push(File {
            path: path.to_path_buf(),
            name: escape_controls(&display_path(path, base)).into_owned(),
            text: String::new(),
            lines: Vec::new(),
        });
        self.files.len() - 1
    }

    /// Appends the real line holding `r.start`, cut to [`WIDTH`] characters around it.
    fn push_line(&mut self, id: usize, r: &Real) {
        let file = &mut self.files[id];
        let line_start = r.text[..r.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = r.text[r.start..]
            .find('\n')
            .map_or(r.text.len(), |i| r.start + i);
        let whole = &r.text[line_start..line_end];
        // Lines up to WIDTH characters are shown whole; longer ones from WIDTH / 2
        // characters before the label (or the last WIDTH characters).
        let skip = if whole.len() <= WIDTH {
            0
        } else {
            let before = r.text[line_start..r.start].chars().count();
            let total = whole.chars().count();
            before
                .saturating_sub(WIDTH / 2)
                .min(total.saturating_sub(WIDTH))
        };
        let start = file.text.len();
        let mut map = Vec::with_capacity(WIDTH);
        if skip > 0 {
            file.text.push('…');
        }
        let mut shown = whole.char_indices().skip(skip);
        for (at, c) in shown.by_ref().take(WIDTH) {
            map.push((line_start + at, file.text.len()));
            match escape_char(c) {
                Some(e) => file.text.push_str(&e),
                None => file.text.push(c),
            }
        }
        // The end of the line (or of the shown part) is a place too.
        let cut = shown.next().map(|(at, _)| line_start + at);
        map.push((cut.unwrap_or(line_end), file.text.len()));
        if cut.is_some() {
            file.text.push('…');
        }
        file.text.push('\n');
        file.lines.push(Line {
            range: start..file.text.len(),
            number: r.line,
            first_column: skip + 1,
            map,
            real_end: line_end,
        });
    }

    /// Two blank stand-in lines: a gap codespan shows as `·` between distant lines.
    fn push_filler(&mut self, id: usize) {
        let file = &mut self.files[id];
        for _ in 0..2 {
            let start = file.text.len();
            file.text.push('\n');
            file.lines.push(Line {
                range: start..file.text.len(),
                number: 0,
                first_column: 1,
                map: Vec::new(),
                real_end: 0,
            });
        }
    }

    fn line(&self, id: usize, index: usize) -> Result<&Line, Error> {
        let file = self.files.get(id).ok_or(Error::FileMissing)?;
        file.lines.get(index).ok_or(Error::LineTooLarge {
            given: index,
            max: file.lines.len().saturating_sub(1),
        })
    }
}

impl<'a> Files<'a> for Snippet {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(&self.files.get(id).ok_or(Error::FileMissing)?.name)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(&self.files.get(id).ok_or(Error::FileMissing)?.text)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, Error> {
        let file = self.files.get(id).ok_or(Error::FileMissing)?;
        Ok(file
            .lines
            .partition_point(|l| l.range.start <= byte_index)
            .saturating_sub(1))
    }

    fn line_number(&'a self, id: usize, line_index: usize) -> Result<usize, Error> {
        Ok(self.line(id, line_index)?.number)
    }

    fn column_number(
        &'a self,
        id: usize,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, Error> {
        let line = self.line(id, line_index)?;
        let shown = line.map.partition_point(|(_, s)| *s < byte_index);
        Ok(line.first_column + shown)
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, Error> {
        Ok(self.line(id, line_index)?.range.clone())
    }
}
