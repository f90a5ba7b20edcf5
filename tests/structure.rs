//! The code's shape: the client's modules (issue 30, item 8) and the rules' files (issue 32)
//! import each other without a cycle, so that a newcomer can read them from the leaves
//! (palette, notice, aid, keys, regions, words; hex, unit, combat) up to the window and the
//! melee pipeline; and every melee system is registered once.

use std::collections::{BTreeMap, BTreeSet};

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

/// Issue 60, item 1: the window in rooms — at most 10 files directly in `src/client`, at least
/// 8 folders, each room read with its imports (the rooms' cycles are `no_import_cycle_in_any_folder`'s).
#[test]
fn the_window_is_in_rooms() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client");
    let (mut files, mut folders) = (Vec::new(), Vec::new());
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            folders.push(name);
        } else if name.ends_with(".rs") {
            files.push(name);
        }
    }
    assert!(files.len() <= 10, "files directly in src/client: {files:?}");
    assert!(folders.len() >= 8, "rooms of the window: {folders:?}");
    let src = dir.parent().unwrap();
    let g = folder_imports(src, &dir);
    for room in [
        "theme", "map", "counters", "input", "marks", "panels", "reports", "dialogs",
    ] {
        assert!(g.contains_key(room), "the room `{room}`: {:?}", g.keys());
    }
    assert!(
        g["panels"].contains("theme") && g["map"].contains("theme"),
        "the rooms' imports were read: {:?}",
        g["panels"]
    );
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                out.push((p, text));
            }
        }
    }
    out
}

/// Issue 60: the screens are built from the widget kit (`client/theme/widget.rs`,
/// `interaction.rs`): few hand-laid nodes outside it, and one system that turns presses into
/// the kit's `Pressed` (the tooltip's and the colour system's watch of the pointer aside).
#[test]
fn the_screens_are_built_from_the_widget_kit() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client");
    let files = sources(&dir);
    let dir = dir.as_path();
    let theme = dir.join("theme");
    let outside_theme = |p: &std::path::Path| !p.starts_with(&theme);
    let count = |needle: &str, only: &dyn Fn(&std::path::Path) -> bool| -> Vec<String> {
        files
            .iter()
            .filter(|(p, _)| only(p))
            .flat_map(|(p, t)| {
                t.matches(needle)
                    .map(move |_| p.strip_prefix(dir).unwrap().display().to_string())
            })
            .collect()
    };
    let nodes = count("Node {", &outside_theme);
    assert!(nodes.len() <= 25, "hand-laid nodes: {nodes:?}");
    let presses = count("Changed<Interaction>", &|_| true);
    assert!(presses.len() <= 3, "systems watching presses: {presses:?}");
    let kit = count("fn press(", &|p| p.ends_with("theme/interaction.rs"));
    assert_eq!(kit.len(), 1, "the kit's one press system");
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

/// A `pub use child::{A, B as C};` line: the child and the names it re-exports (globs aside).
fn reexport(line: &str) -> Option<(&str, Vec<String>)> {
    let rest = line.trim().strip_prefix("pub use ")?;
    let (child, names) = rest.split_once("::")?;
    let names = names
        .trim_end_matches(';')
        .trim_matches(|c| c == '{' || c == '}')
        .split(',')
        .map(|n| n.split(" as ").last().unwrap_or("").trim().to_string())
        .filter(|n| !n.is_empty() && n != "*")
        .collect();
    Some((child.trim(), names))
}

/// Each file of `src/rules`, named by its module path (`melee::impetus`, `melee::impetus::params`;
/// `melee` for `melee/mod.rs`), and the files it imports. A name reached through a `mod.rs`'s
/// `pub use child::Name` counts as the child's file; a `mod.rs` imports a child only where its
/// code names it, not by declaring or re-exporting it.
fn rules_imports() -> BTreeMap<String, BTreeSet<String>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut files: BTreeMap<String, (bool, String)> = BTreeMap::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            let rel = p.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into()).collect();
            let is_mod = parts.last().is_some_and(|l| l == "mod");
            if is_mod {
                parts.pop();
            }
            let text = std::fs::read_to_string(&p).unwrap();
            files.insert(parts.join("::"), (is_mod || parts.is_empty(), text));
        }
    }
    // `pub use child::{A, B}` in a module file: A and B are the child's.
    let mut reexported: BTreeMap<(String, String), String> = BTreeMap::new();
    for (m, (_, text)) in &files {
        for (child, names) in text.lines().filter_map(reexport) {
            let full = if m.is_empty() {
                child.to_string()
            } else {
                format!("{m}::{child}")
            };
            if !files.contains_key(&full) {
                continue;
            }
            for n in names {
                reexported.insert((m.clone(), n), full.clone());
            }
        }
    }
    // The file a path from module `base` through `segs` names.
    let resolve = |base: &[String], segs: &[&str]| -> String {
        let mut cur: Vec<String> = base.to_vec();
        for s in segs {
            let mut next = cur.clone();
            next.push(s.to_string());
            if files.contains_key(&next.join("::")) {
                cur = next;
                continue;
            }
            if let Some(f) = reexported.get(&(cur.join("::"), s.to_string())) {
                return f.clone();
            }
            break;
        }
        cur.join("::")
    };
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, (is_mod, text)) in &files {
        let here: Vec<String> = if m.is_empty() {
            Vec::new()
        } else {
            m.split("::").map(String::from).collect()
        };
        let mut deps = BTreeSet::new();
        for line in text.lines().map(|l| l.split("//").next().unwrap_or("")) {
            let declares = line.trim_start().starts_with("pub use ")
                || line.trim_start().starts_with("mod ")
                || line.trim_start().starts_with("pub mod ")
                || line.trim_start().starts_with("pub(crate) use ");
            let mut from = 0;
            while let Some(i) = line[from..]
                .find("crate::rules::")
                .map(|i| (i + from, "crate::rules::"))
                .into_iter()
                .chain(line[from..].find("super::").map(|i| (i + from, "super::")))
                .min_by_key(|(i, _)| *i)
            {
                let (at, pre) = i;
                // `super::super::x` counts as one path.
                let start = if pre == "super::" && at >= 7 && &line[at - 7..at] == "super::" {
                    from = at + pre.len();
                    continue;
                } else {
                    at
                };
                let rest = &line[start..];
                let (base, tail): (Vec<String>, &str) =
                    if let Some(t) = rest.strip_prefix("crate::rules::") {
                        (Vec::new(), t)
                    } else {
                        let mut t = rest;
                        let mut up = here.clone();
                        while let Some(x) = t.strip_prefix("super::") {
                            up.pop();
                            t = x;
                        }
                        (up, t)
                    };
                let mut segs: Vec<&str> = Vec::new();
                let mut t = tail;
                let mut group: Option<&str> = None;
                loop {
                    if let Some(g) = t.strip_prefix('{') {
                        group = Some(g.split('}').next().unwrap_or(""));
                        break;
                    }
                    let name = t
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or("");
                    if name.is_empty() {
                        break;
                    }
                    segs.push(name);
                    match t[name.len()..].strip_prefix("::") {
                        Some(more) => t = more,
                        None => break,
                    }
                }
                let tails: Vec<Vec<String>> = match group {
                    Some(g) => g
                        .split(',')
                        .map(|x| {
                            x.split("::")
                                .map(ident)
                                .filter(|n| !n.is_empty() && n != "self")
                                .collect()
                        })
                        .collect(),
                    None => vec![Vec::new()],
                };
                for tl in tails {
                    let mut all: Vec<&str> = segs.clone();
                    all.extend(tl.iter().map(String::as_str));
                    let target = resolve(&base, &all);
                    // A module's own children, declared or re-exported, are its table of contents.
                    let child_of_here =
                        *is_mod && target.starts_with(&format!("{m}::")) && declares;
                    if target != *m && !target.is_empty() && !child_of_here {
                        deps.insert(target);
                    }
                }
                from = start + 1;
            }
            // A module file naming a child in its code (`resolve::combat_results`).
            if *is_mod && !declares {
                for c in files.keys() {
                    let Some(short) = c.strip_prefix(&format!("{m}::")) else {
                        continue;
                    };
                    if short.contains("::") {
                        continue;
                    }
                    let named = line.match_indices(&format!("{short}::")).any(|(i, _)| {
                        i == 0
                            || !line[..i].ends_with(|ch: char| {
                                ch.is_alphanumeric() || ch == '_' || ch == ':'
                            })
                    });
                    if named {
                        deps.insert(c.clone());
                    }
                }
            }
        }
        out.insert(m.clone(), deps);
    }
    out.remove("");
    for deps in out.values_mut() {
        deps.remove("");
    }
    out
}

#[test]
fn no_import_cycle_in_the_rules() {
    let g = rules_imports();
    assert!(g.len() >= 45, "the rules' files were read: {:?}", g.keys());
    assert!(
        g["melee::impetus::results"].contains("melee::fall_back") && g["fire"].contains("combat"),
        "their imports were read: {:?} {:?}",
        g["melee::impetus::results"],
        g["fire"]
    );
    assert!(
        g["melee::resolve"].contains("melee::breakdown"),
        "a re-exported name counts as its own file's: {:?}",
        g["melee::resolve"]
    );
    for m in g.keys() {
        if let Some(c) = cycle_from(&g, m) {
            panic!("an import cycle in src/rules: {}", c.join(" → "));
        }
    }
}

/// Every melee system the Parameter Data can name is registered, once: the name reaches the
/// system that bears it (issue 32; since issue 60 the registry's match is exhaustive, so a
/// system without its arm does not compile, and this sees that each arm is the right one).
#[test]
fn every_melee_system_is_registered_once() {
    use bayonet::rules::melee::{all, named};
    use bayonet::rules::params::MeleeSystemName;
    for n in MeleeSystemName::ALL {
        let found = all().filter(|s| s.name() == n).count();
        assert_eq!(found, 1, "{n:?} is registered once");
        assert_eq!(named(n).name(), n);
    }
    assert_eq!(all().count(), MeleeSystemName::ALL.len());
}

/// Each module of the folder `dir` (its files and sub-folders, `mod.rs` aside) and the sibling
/// modules it imports, through `super::` chains and `crate::` paths from any file inside it. A
/// name a folder's `mod.rs` re-exports from a child (`pub use child::{A, B}`) counts as the
/// child's.
fn folder_imports(
    src: &std::path::Path,
    dir: &std::path::Path,
) -> BTreeMap<String, BTreeSet<String>> {
    // The module path of a file below `src` (`client::editor::tools`; a `mod.rs` is its folder).
    let module_of = |p: &std::path::Path| -> Vec<String> {
        let rel = p.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into()).collect();
        if parts
            .last()
            .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
        {
            parts.pop();
        }
        parts
    };
    let here = module_of(&dir.join("mod.rs"));
    let mut nodes = BTreeSet::new();
    let mut files: Vec<(String, Vec<String>, String)> = Vec::new();
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            nodes.insert(name.clone());
            let mut stack = vec![p];
            while let Some(d) = stack.pop() {
                for f in std::fs::read_dir(&d).unwrap() {
                    let f = f.unwrap().path();
                    if f.is_dir() {
                        stack.push(f);
                    } else if f.extension().is_some_and(|x| x == "rs") {
                        let text = std::fs::read_to_string(&f).unwrap();
                        files.push((name.clone(), module_of(&f), text));
                    }
                }
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            if ["mod", "lib", "main"].contains(&name.as_str()) {
                for (child, names) in text.lines().filter_map(reexport) {
                    for n in names {
                        reexported.insert(n, child.to_string());
                    }
                }
            } else {
                nodes.insert(name.clone());
                files.push((name, module_of(&p), text));
            }
        }
    }
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out: BTreeMap<String, BTreeSet<String>> =
        nodes.iter().map(|n| (n.clone(), BTreeSet::new())).collect();
    for (node, module, text) in &files {
        for line in text.lines().map(|l| l.split("//").next().unwrap_or("")) {
            let mut from = 0;
            while let Some(at) = ["crate::", "super::"]
                .iter()
                .filter_map(|p| line[from..].find(p).map(|i| i + from))
                .min()
            {
                // A path starts here unless it continues one (`super::super::`, `a::super::`).
                if at > 0 && line[..at].ends_with(':') {
                    from = at + 1;
                    continue;
                }
                let mut rest = &line[at..];
                let mut path: Vec<String> = if let Some(r) = rest.strip_prefix("crate::") {
                    rest = r;
                    Vec::new()
                } else {
                    // A file's own module is its `super::` base's child; `mod.rs` is its folder.
                    let mut base = module.clone();
                    while let Some(r) = rest.strip_prefix("super::") {
                        base.pop();
                        rest = r;
                    }
                    base
                };
                // The names after the base: a path, or a `{…}` group of them.
                let mut heads = Vec::new();
                loop {
                    if let Some(g) = rest.strip_prefix('{') {
                        let group = g.split('}').next().unwrap_or("");
                        for x in group.split(',') {
                            heads.push(ident(x.trim()));
                        }
                        break;
                    }
                    let name = ident(rest);
                    if name.is_empty() {
                        break;
                    }
                    if path.len() < here.len() {
                        path.push(name.clone());
                        match rest[name.len()..].strip_prefix("::") {
                            Some(r) => rest = r,
                            None => break,
                        }
                    } else {
                        heads.push(name);
                        break;
                    }
                }
                if path == here {
                    for h in heads {
                        // A module of the folder by that name is the module, whatever
                        // `mod.rs` re-exports under the same name.
                        let target = if nodes.contains(&h) {
                            h
                        } else {
                            reexported.get(&h).cloned().unwrap_or(h)
                        };
                        if nodes.contains(&target) && target != *node {
                            out.get_mut(node).unwrap().insert(target);
                        }
                    }
                }
                from = at + 1;
            }
        }
    }
    out
}

/// Every folder of `src`, each with the imports among its modules.
fn every_folder() -> Vec<(String, BTreeMap<String, BTreeSet<String>>)> {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            }
        }
        let name = d.strip_prefix(&src).unwrap().to_string_lossy().to_string();
        out.push((name, folder_imports(&src, &d)));
    }
    out
}

/// Issue 46, item 6: no folder of `src` has an import cycle among its modules (the editor's
/// files included: `client/editor` is a folder of its own).
#[test]
fn no_import_cycle_in_any_folder() {
    let folders = every_folder();
    let names: Vec<&str> = folders.iter().map(|(n, _)| n.as_str()).collect();
    for f in [
        "",
        "sim",
        "ai",
        "cli",
        "serve",
        "client",
        "client/editor",
        "client/map",
        "client/panels",
        "rules",
        "rules/melee",
    ] {
        assert!(names.contains(&f), "the folder `{f}` was read: {names:?}");
    }
    let client = &folders.iter().find(|(n, _)| n == "client").unwrap().1;
    assert!(
        client["panels"].contains("theme"),
        "imports were read: {:?}",
        client["panels"]
    );
    let panels = &folders
        .iter()
        .find(|(n, _)| n == "client/panels")
        .unwrap()
        .1;
    assert!(
        panels["tooltip"].contains("hud"),
        "a room's own imports were read: {:?}",
        panels
    );
    let mut cycles = Vec::new();
    for (folder, g) in &folders {
        for m in g.keys() {
            if let Some(c) = cycle_from(g, m) {
                cycles.push(format!("src/{folder}: {}", c.join(" → ")));
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

/// The folder check finds a cycle where there is one: two files of a folder that name each
/// other, one through a `crate::` path and a `{…}` group, one through a re-export of `mod.rs`.
#[test]
fn the_folder_check_finds_a_cycle() {
    let root = std::env::temp_dir().join(format!("bayonet-structure-{}", std::process::id()));
    let dir = root.join("src/things");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("mod.rs"),
        "mod a;\nmod b;\npub use b::{Bee, Other};\n",
    )
    .unwrap();
    std::fs::write(dir.join("a.rs"), "use super::Bee;\n").unwrap();
    std::fs::write(dir.join("b.rs"), "use crate::things::{a, c};\n").unwrap();
    std::fs::write(dir.join("c.rs"), "// super::a is only a comment\n").unwrap();
    let g = folder_imports(&root.join("src"), &dir);
    let _ = std::fs::remove_dir_all(&root);
    assert_eq!(g["a"], ["b".to_string()].into());
    assert_eq!(g["b"], ["a".to_string(), "c".to_string()].into());
    assert!(g["c"].is_empty());
    assert_eq!(cycle_from(&g, "a").unwrap().join(" "), "a b a");
}

/// Issue 60: the rules, the server, the command line and the seat client say why they refuse
/// in types (an error enum per seam), not in bare strings.
#[test]
fn errors_are_typed_in_rules_serve_cli_and_dispatch() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for dir in ["rules", "serve", "cli", "dispatch"] {
        for (p, text) in sources(&root.join(dir)) {
            for (i, line) in text.lines().enumerate() {
                let l = line.replace(' ', "");
                if l.contains("Result<") && (l.contains(",String>") || l.contains(",String)>")) {
                    found.push(format!("{}:{}", p.display(), i + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "errors as bare strings: {found:?}");
}

/// Issue 60: no system or function waves a long parameter list through clippy; related
/// parameters travel together (a `SystemParam` such as `camera::MapView`, or a tuple named by
/// its comment).
#[test]
fn no_parameter_list_is_waved_through() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let waved: Vec<String> = sources(&root)
        .into_iter()
        .filter(|(_, t)| t.contains("too_many_arguments"))
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert!(
        waved.is_empty(),
        "allow(clippy::too_many_arguments) in {waved:?}"
    );
}
