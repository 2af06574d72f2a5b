//! The Muster editor. All rules, loading, saving and validation come from the shared
//! library; this crate holds the GUI only.
//!
//! How it is built: [`app`] is the shell — it owns the document, its undo history and the
//! panels, and routes each message. A panel is a module with its own state, `Message`,
//! `update` (which returns an `Event` when the document or the canvas must change, for the
//! shell to act on) and `view`: [`palette`], [`properties`] (the inspector), [`source_panel`],
//! [`transcript`] (with its paste box, [`paste`]), [`trace_layer`] (a scanned map under the
//! grid), [`new_map`] and [`export_prompt`]. What a press on the map does under each tool is
//! one file per tool in `app/tools/`. Every change to the document is an
//! [`edit::Edit`] with a label and the canvas layers it touches, so only those caches clear;
//! [`panels`] lays the window out.
#![forbid(unsafe_code)]

pub mod app;
pub mod canvas;
pub mod diagnostics;
pub mod disk;
pub mod document;
pub mod edit;
pub mod export;
pub mod export_prompt;
pub mod file_prompt;
pub mod ghost;
pub mod help;
pub mod layers;
pub mod legend;
pub mod map_tools;
pub mod menu;
pub mod new_map;
pub mod pack_browser;
pub mod palette;
pub mod panels;
pub mod paste;
pub mod properties;
pub mod recovery;
pub mod shortcuts;
pub mod shot;
pub mod siege_works;
pub mod snapshot;
pub mod source_panel;
pub mod tool;
pub mod trace_layer;
pub mod transcript;
pub mod validate;
pub mod widgets;

pub use app::{App, Message};
