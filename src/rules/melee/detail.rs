//! A melee system's own part of a breakdown or an outcome (§15): data only that system reads,
//! carried by the shared types without their knowing its shape, so that a new system adds its
//! own data without touching them.

use std::any::Any;
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What a system keeps in a `Detail`: its own plain data, written out as JSON.
pub trait SystemData: Any + Send + Sync + std::fmt::Debug {
    fn to_json(&self) -> serde_json::Value;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + Send + Sync + std::fmt::Debug + Serialize> SystemData for T {
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A system's data, or none. Read back from a message (an outcome from the referee server) it
/// stays JSON until its system asks for it by type, and is decoded once then.
#[derive(Clone, Default)]
pub struct Detail {
    typed: OnceLock<Arc<dyn SystemData>>,
    raw: Option<serde_json::Value>,
}

impl Detail {
    /// No data: a system that adds none.
    pub fn none() -> Detail {
        Detail::default()
    }

    pub fn of<T: SystemData>(data: T) -> Detail {
        let typed = OnceLock::new();
        let _ = typed.set(Arc::new(data) as Arc<dyn SystemData>);
        Detail { typed, raw: None }
    }

    pub fn is_none(&self) -> bool {
        self.typed.get().is_none() && self.raw.is_none()
    }

    /// The data, if it is a `T` (decoded from JSON the first time, when read back).
    pub fn get<T: SystemData + DeserializeOwned>(&self) -> Option<&T> {
        if self.typed.get().is_none() {
            let raw = self.raw.as_ref()?;
            let t: T = serde_json::from_value(raw.clone()).ok()?;
            let _ = self.typed.set(Arc::new(t));
        }
        self.typed.get()?.as_any().downcast_ref::<T>()
    }

    fn json(&self) -> serde_json::Value {
        match (self.typed.get(), &self.raw) {
            (Some(t), _) => t.to_json(),
            (None, Some(raw)) => raw.clone(),
            (None, None) => serde_json::Value::Null,
        }
    }
}

impl PartialEq for Detail {
    fn eq(&self, other: &Detail) -> bool {
        self.json() == other.json()
    }
}

impl std::fmt::Debug for Detail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.typed.get() {
            Some(t) => t.fmt(f),
            None => write!(f, "{}", self.json()),
        }
    }
}

impl Serialize for Detail {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Detail {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = serde_json::Value::deserialize(d)?;
        Ok(Detail {
            typed: OnceLock::new(),
            raw: (!raw.is_null()).then_some(raw),
        })
    }
}
