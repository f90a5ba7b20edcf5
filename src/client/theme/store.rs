//! Where the window keeps its files, by name: on the desktop, files in a folder (saves where
//! the game was started, settings in the config folder); in the browser, the page's local
//! storage under the same names, which the page can download as files and fill from uploads.

use std::path::Path;

/// Reads `name` from `dir` (the desktop) or local storage (the browser).
pub fn read(dir: &Path, name: &str) -> Result<String, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = dir;
        web::get(name)?.ok_or_else(|| format!("{name}: nothing saved under that name"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Writes `name` (atomically on the desktop: a temporary file renamed over it); says where.
pub fn write(dir: &Path, name: &str, text: &str) -> Result<String, String> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = dir;
        web::put(name, text)?;
        Ok(format!("the browser's storage ({name})"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let path = dir.join(name);
        let tmp = dir.join(format!("{name}.tmp"));
        std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&tmp, text))
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }
}

/// Takes (reads and removes) `name`: a file the page uploaded. `None` on the desktop.
pub fn take(name: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let text = web::get(name).ok().flatten()?;
        web::remove(name);
        Some(text)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = name;
        None
    }
}

/// Asks the page to run its function `f` with `arg` (the page's download and upload); false
/// on the desktop or when the page has no such function.
pub fn page(f: &str, arg: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web::call(f, arg)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (f, arg);
        false
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::{JsCast, JsValue};

    pub fn remove(name: &str) {
        if let Ok(s) = storage() {
            let _ = s.remove_item(name);
        }
    }

    pub fn call(f: &str, arg: &str) -> bool {
        let Some(w) = web_sys::window() else {
            return false;
        };
        js_sys::Reflect::get(&w, &JsValue::from_str(f))
            .ok()
            .and_then(|v| v.dyn_into::<js_sys::Function>().ok())
            .is_some_and(|func| func.call1(&JsValue::NULL, &JsValue::from_str(arg)).is_ok())
    }

    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "this browser gives the page no local storage".to_string())
    }

    pub fn get(name: &str) -> Result<Option<String>, String> {
        storage()?
            .get_item(name)
            .map_err(|_| format!("{name}: the browser refused to read it"))
    }

    pub fn put(name: &str, text: &str) -> Result<(), String> {
        storage()?
            .set_item(name, text)
            .map_err(|_| format!("{name}: the browser refused to store it (storage full?)"))
    }
}
