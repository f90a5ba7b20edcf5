//! The client's shape (issue 30, item 8): its modules import each other without a cycle, so
//! that a newcomer can read them from the leaves (palette, notice, aid, keys, regions, words)
//! up to the window.

use std::collections::{BTreeMap, BTreeSet};

/// Each module of `src/client` (the editor counted as one) and the sibling modules it names.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client");
    let mut files: Vec<(String, String)> = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            for f in std::fs::read_dir(&p).unwrap() {
                files.push((
                    name.clone(),
                    std::fs::read_to_string(f.unwrap().path()).unwrap(),
                ));
            }
        } else if name != "mod" {
            files.push((name, std::fs::read_to_string(&p).unwrap()));
        }
    }
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut out: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for (m, text) in &files {
        // Paths from the client's root: `super::x` in a client file, `super::super::x` in the
        // editor's, `crate::client::x` anywhere; and `super::{x, y}` groups.
        let prefixes: &[&str] = if m == "editor" {
            &["super::super::", "crate::client::"]
        } else {
            &["super::", "crate::client::"]
        };
        for line in text.lines().map(|l| l.split("//").next().unwrap_or("")) {
            for pre in prefixes {
                for (i, _) in line.match_indices(pre) {
                    let rest = &line[i + pre.len()..];
                    let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                        group.split('}').next().unwrap_or("").split(',').collect()
                    } else {
                        vec![rest]
                    };
                    for n in names {
                        let n: String = n
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        // `super::super` inside the editor is its own parent, not a module.
                        if n != *m && modules.contains(&n) && !(m == "editor" && *pre == "super::")
                        {
                            out.get_mut(m).unwrap().insert(n);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A cycle through `start`, if there is one.
fn cycle_from(g: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for next in &g[&at] {
            if next == start {
                let mut p = path.clone();
                p.push(start.to_string());
                return Some(p);
            }
            if seen.insert(next.clone()) {
                let mut p = path.clone();
                p.push(next.clone());
                stack.push((next.clone(), p));
            }
        }
    }
    None
}

#[test]
fn no_import_cycle_in_the_client() {
    let g = imports();
    assert!(
        g.len() >= 30,
        "the client's modules were read: {:?}",
        g.keys()
    );
    assert!(
        g["toolbar"].contains("keys"),
        "its imports were read: {:?}",
        g["toolbar"]
    );
    for m in g.keys() {
        if let Some(c) = cycle_from(&g, m) {
            panic!("an import cycle: {}", c.join(" → "));
        }
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.insert("a".into(), ["b".to_string()].into());
    g.insert("b".into(), ["c".to_string()].into());
    g.insert("c".into(), ["a".to_string()].into());
    g.insert("d".into(), ["a".to_string()].into());
    assert_eq!(cycle_from(&g, "a").unwrap().join(" "), "a b c a");
    assert_eq!(cycle_from(&g, "d"), None);
}
