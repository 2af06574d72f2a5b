//! A tile layer's `<data>` (or one `<chunk>` of an infinite map's): CSV, base64 (raw, zlib,
//! gzip or zstd) or one `<tile gid>` element per cell, decoded to exactly width × height
//! global tile ids. Inflating stops one byte past the expected size, so a small hostile
//! stream cannot expand into memory, and a zstd frame whose header asks for a window larger
//! than that (or than 8 MiB) is refused before anything is reserved for it.
//!
//! zstd is read with `ruzstd`, in pure Rust: it adds about 4 s to a clean release build
//! where the `zstd` crate (libzstd's C sources) adds about 53 s (each built alone with
//! `cargo build --release -j1` on this machine), and Muster only decompresses.

use crate::xml_in::Element;
use base64::Engine;
use std::io::Read;

/// Why a layer's data cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    /// An encoding or compression we do not read.
    #[error("data encoded as `{0}` is not read; save the map in Tiled with the tile layer format CSV or Base64 (zlib, gzip or Zstandard)")]
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

/// The largest window a zstd frame may ask for, whatever the layer's size: the window of
/// the `zstd` command's levels 1 to 19 (a small stream from its standard input asks for
/// 2 MiB at the default level). The decoder reserves the window up front, so a larger
/// request is refused rather than reserved.
const MIN_ZSTD_WINDOW: usize = 8 << 20;

fn unzstd(raw: &[u8], limit: usize) -> Result<Vec<u8>, DataError> {
    let window = limit.max(MIN_ZSTD_WINDOW) as u64;
    let decoder = ruzstd::decoding::StreamingDecoder::new_with_max_window_size(raw, window)
        .map_err(|e| DataError::Inflate(e.to_string()))?;
    inflate(decoder, limit)
}

/// The global tile ids of a layer's cells, row by row (flip bits included).
pub fn decode(data: &Element, width: u32, height: u32) -> Result<Vec<u32>, DataError> {
    decode_as(
        data.attr("encoding"),
        data.attr("compression"),
        data,
        width,
        height,
    )
}

/// The global tile ids of a `<data>` or `<chunk>` element's cells, encoded as the `<data>`
/// says.
pub fn decode_as(
    encoding: Option<&str>,
    compression: Option<&str>,
    data: &Element,
    width: u32,
    height: u32,
) -> Result<Vec<u32>, DataError> {
    let n = width as usize * height as usize;
    let gids: Vec<u32> = match (encoding, compression.filter(|c| !c.is_empty())) {
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
        (Some("base64"), Some(c)) if c != "zlib" && c != "gzip" && c != "zstd" => {
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
                Some("zstd") => unzstd(&raw, 4 * n)?,
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
    fn other_compressions_are_named_as_unread() {
        let d = data(&[("encoding", "base64"), ("compression", "lz4")], "AAAA");
        assert!(matches!(decode(&d, 1, 1), Err(DataError::Encoding(_))));
    }

    /// zstd frames written by the `zstd` command (v1.5.4): `printf '\1\0\0\0\2\0\0\0'
    /// | zstd -c | base64`, and the same for 2 MiB of zeros (`head -c 2097152 /dev/zero`).
    const ZSTD_1_2: &str = "KLUv/QRYQQAAAQAAAAIAAAA6GOQe";
    const ZSTD_2MIB_ZEROS: &str = "KLUv/QRYVAAAEAAAAQD7/znAAgIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAwAQANsjjvg=";

    #[test]
    fn zstd_is_read_and_bounded() {
        let z = |text: &str| data(&[("encoding", "base64"), ("compression", "zstd")], text);
        assert_eq!(decode(&z(ZSTD_1_2), 2, 1), Ok(vec![1, 2]));
        assert!(matches!(
            decode(&z(ZSTD_1_2), 3, 1),
            Err(DataError::Count { .. })
        ));
        // 2 MiB of zeros asked for in a 2 × 2 layer: reading stops past 16 bytes.
        assert!(matches!(
            decode(&z(ZSTD_2MIB_ZEROS), 2, 2),
            Err(DataError::Count { .. })
        ));
        // A frame header asking for a window of 2 GiB is refused before anything is reserved:
        // magic, a descriptor with no single-segment flag, window descriptor 31 << 3.
        let big = base64::engine::general_purpose::STANDARD
            .encode([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xf8, 0, 0, 0]);
        assert!(matches!(decode(&z(&big), 2, 2), Err(DataError::Inflate(_))));
        assert!(matches!(
            decode(&z("AAAA"), 1, 1),
            Err(DataError::Inflate(_))
        ));
    }
}
