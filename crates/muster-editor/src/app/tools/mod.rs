//! One file per tool: what a press (and for some a drag or release) does under it.

mod elevation;
mod erase;
mod fire;
mod hexside;
mod label;
mod odds;
mod overlay;
mod place;
mod road;
mod select;
mod siege;
mod terrain;
mod zones;
