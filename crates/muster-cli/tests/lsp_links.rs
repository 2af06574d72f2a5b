//! The language server's code links (issue 28, newcomer finding 3): a diagnostic's
//! `codeDescription.href` is the pack manifest's `help_base` plus the code's anchor, an
//! absolute URL, and absent without one (never the old relative `/blob/main/…`).

#[allow(dead_code)] // the helpers other LSP tests use
mod lsp_client;

use lsp_client::{workspace, Client};

#[test]
fn code_links_are_the_manifests_help_base_or_absent() {
    let base = "https://example.org/pack/blob/main/docs/codes.md";
    for with_base in [false, true] {
        let name = if with_base {
            "links-base"
        } else {
            "links-none"
        };
        let root = workspace(name, &["invalid-ac101-stacking"]);
        let manifest = if with_base {
            format!("(name: \"links\", help_base: \"{base}\")\n")
        } else {
            "(name: \"links\")\n".to_string()
        };
        std::fs::write(root.join("muster.pack.ron"), manifest).unwrap();
        let path = root.join("invalid-ac101-stacking/x.scenario.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut c = Client::start(&root);
        let uri = c.open(&path, &text);
        let diags = c.diagnostics(&uri);
        let d = diags
            .iter()
            .find(|d| d["code"] == "AC101")
            .unwrap_or_else(|| panic!("{diags:?}"));
        if with_base {
            assert_eq!(d["codeDescription"]["href"], format!("{base}#ac101"), "{d}");
        } else {
            assert!(d.get("codeDescription").is_none(), "{d}");
        }
        c.shutdown();
    }
}
