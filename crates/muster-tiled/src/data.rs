//! A tile layer's `<data>`: CSV, base64 (raw, zlib or gzip) or one `<tile gid>` element per
//! cell, decoded to exactly width × height global tile ids. Inflating stops one byte past
//! the expected size, so a small hostile stream cannot expand into memory.

use crate::xml_in::Element;
use base64::Engine;
use std::io::Read;

/// Why a layer's data cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    /// An encoding or compression we do not read.
    #[error("data encoded as `{0}` is not read; save the map in Tiled with the tile layer format CSV or Base64 (zlib or gzip)")]
    Encoding(String),
    /// A value of the CSV is not a tile id.
    #[error("`{0}` in the CSV data is not a tile id")]
    Csv(String),
    /// The base64 text is broken.
    #[error("the base64 data cannot be decoded: {0}")]
    Base64(String),
    /// The compressed stream is broken.
    #[error("the compressed data cannot be inflated: {0}")]
    Inflate(String),
    /// Not exactly one id per cell.
    #[error("the data holds {found} tiles, the layer {expected} ({width} × {height})")]
    Count {
        /// Tiles found (or more than expected, when reading stopped early).
        found: String,
        /// width × height.
        expected: usize,
        /// Layer width.
        width: u32,
        /// Layer height.
        height: u32,
    },
}

fn count(found: String, width: u32, height: u32) -> DataError {
    DataError::Count {
        found,
        expected: width as usize * height as usize,
        width,
        height,
    }
}

fn inflate(reader: impl Read, limit: usize) -> Result<Vec<u8>, DataError> {
    // Room for the expected size up front (at most 4 MB): growing by doubling would reserve
    // up to twice that for a stream that fills the layer exactly.
    let mut out = Vec::with_capacity(limit.saturating_add(1));
    reader
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| DataError::Inflate(e.to_string()))?;
    Ok(out)
}

/// The global tile ids of a layer's cells, row by row (flip bits included).
pub fn decode(data: &Element, width: u32, height: u32) -> Result<Vec<u32>, DataError> {
    let n = width as usize * height as usize;
    let gids: Vec<u32> = match (data.attr("encoding"), data.attr("compression")) {
        (None, None) => {
            let tiles: Vec<&Element> = data.all("tile").collect();
            if tiles.len() != n {
                return Err(count(tiles.len().to_string(), width, height));
            }
            tiles
                .iter()
                .map(|t| {
                    let g = t.attr("gid").unwrap_or("0");
                    g.parse().map_err(|_| DataError::Csv(g.to_string()))
                })
                .collect::<Result<_, _>>()?
        }
        (Some("csv"), None) => {
            let mut v = Vec::with_capacity(n);
            for s in data.text.split(',') {
                let s = s.trim();
                if s.is_empty() && v.len() == n {
                    continue;
                }
                if v.len() == n {
                    return Err(count(format!("more than {n}"), width, height));
                }
                v.push(
                    s.parse()
                        .map_err(|_| DataError::Csv(s.chars().take(20).collect()))?,
                );
            }
            v
        }
        (Some("base64"), Some(c)) if c != "zlib" && c != "gzip" => {
            return Err(DataError::Encoding(format!("base64 + {c}")))
        }
        (Some("base64"), c) => {
            let text: String = data
                .text
                .chars()
                .filter(|c| !c.is_ascii_whitespace())
                .collect();
            let raw = base64::engine::general_purpose::STANDARD
                .decode(text.as_bytes())
                .map_err(|e| DataError::Base64(e.to_string()))?;
            let bytes = match c {
                None => raw,
                Some("zlib") => inflate(flate2::read::ZlibDecoder::new(&raw[..]), 4 * n)?,
                Some("gzip") => inflate(flate2::read::GzDecoder::new(&raw[..]), 4 * n)?,
                Some(other) => return Err(DataError::Encoding(format!("base64 + {other}"))),
            };
            if bytes.len() != 4 * n {
                let found = if bytes.len() > 4 * n {
                    format!("more than {n}")
                } else {
                    (bytes.len() / 4).to_string()
                };
                return Err(count(found, width, height));
            }
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        }
        (e, c) => {
            return Err(DataError::Encoding(format!(
                "{}{}",
                e.unwrap_or("xml"),
                c.map(|c| format!(" + {c}")).unwrap_or_default()
            )))
        }
    };
    if gids.len() != n {
        return Err(count(gids.len().to_string(), width, height));
    }
    Ok(gids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn data(attrs: &[(&str, &str)], text: &str) -> Element {
        Element {
            name: "data".into(),
            attrs: attrs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            text: text.into(),
            ..Element::default()
        }
    }

    #[test]
    fn csv_must_fill_the_layer_exactly() {
        let d = data(&[("encoding", "csv")], "1,2,\n3,4\n");
        assert_eq!(decode(&d, 2, 2), Ok(vec![1, 2, 3, 4]));
        assert!(matches!(decode(&d, 3, 2), Err(DataError::Count { .. })));
        assert!(matches!(decode(&d, 1, 2), Err(DataError::Count { .. })));
        assert!(matches!(
            decode(&data(&[("encoding", "csv")], "1,x"), 2, 1),
            Err(DataError::Csv(_))
        ));
    }

    #[test]
    fn a_zlib_bomb_stops_at_the_expected_size() {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(&vec![0u8; 50_000_000]).expect("compress");
        let packed = z.finish().expect("compress");
        let text = base64::engine::general_purpose::STANDARD.encode(packed);
        let d = data(&[("encoding", "base64"), ("compression", "zlib")], &text);
        assert!(matches!(decode(&d, 10, 10), Err(DataError::Count { .. })));
    }

    #[test]
    fn zstd_is_named_as_unread() {
        let d = data(&[("encoding", "base64"), ("compression", "zstd")], "AAAA");
        assert!(matches!(decode(&d, 1, 1), Err(DataError::Encoding(_))));
    }
}
