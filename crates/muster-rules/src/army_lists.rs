//! The army lists a scenario draws on, each with whose it is: a side's own lists, and the
//! lists every side shares. A stand's `list_entry` is looked up in its side's lists first,
//! then in the shared ones, never in the other side's.

use muster_model::{ArmyListFile, ListEntry};

/// One loaded list and where the scenario names it.
#[derive(Debug, Clone)]
pub struct ListRef<'a> {
    /// The side it belongs to, or `None` when every side shares it.
    pub side: Option<usize>,
    /// JSON pointer of the reference in the scenario (`/sides/1/army_lists/0`).
    pub pointer: String,
    /// The list.
    pub list: &'a ArmyListFile,
}

/// The army lists of a scenario, those that loaded.
#[derive(Debug, Clone, Default)]
pub struct ArmyLists<'a> {
    lists: Vec<ListRef<'a>>,
}

impl<'a> ArmyLists<'a> {
    /// No lists.
    pub fn none() -> Self {
        ArmyLists::default()
    }

    /// Adds a list named at `pointer`, owned by `side` (or shared).
    pub fn push(
        &mut self,
        side: Option<usize>,
        pointer: impl Into<String>,
        list: &'a ArmyListFile,
    ) {
        self.lists.push(ListRef {
            side,
            pointer: pointer.into(),
            list,
        });
    }

    /// The lists a side draws on: its own first, then the shared ones.
    pub fn of_side(&self, side: usize) -> impl Iterator<Item = &ListRef<'a>> {
        let own = self.lists.iter().filter(move |l| l.side == Some(side));
        own.chain(self.lists.iter().filter(|l| l.side.is_none()))
    }

    /// The line `id` as side `side` sees it.
    pub fn entry(&self, side: usize, id: &str) -> Option<&'a ListEntry> {
        self.of_side(side)
            .find_map(|l| l.list.entries.iter().find(|e| e.id == id))
    }
}
