//! The Muster editor. All rules, loading, saving and validation come from the shared
//! library; this crate holds the GUI only.
#![forbid(unsafe_code)]

pub mod app;
pub mod canvas;
pub mod diagnostics;
pub mod document;
pub mod edit;
pub mod export;
pub mod export_prompt;
pub mod ghost;
pub mod help;
pub mod layers;
pub mod legend;
pub mod map_tools;
pub mod menu;
pub mod new_map;
pub mod palette;
pub mod panels;
pub mod properties;
pub mod recovery;
pub mod shortcuts;
pub mod shot;
pub mod siege_works;
pub mod snapshot;
pub mod source_panel;
pub mod tool;
pub mod transcript;
pub mod validate;
pub mod widgets;

pub use app::{App, Message};
