//! The rules' fixed words as types: `words!` makes an enum whose every value has its words in
//! one place, shown, written to JSON and read back from a message by those words alone.

/// An enum of fixed words: `words! { pub enum Name { Value => "its words", … } }` gives the
/// enum, `ALL`, `words()`, `Display`, and serde by the words (what outcomes carry from the
/// referee server to its clients, and what `bayonet` prints), so no other code spells them.
#[macro_export]
macro_rules! words {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $value:ident => $words:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vmeta])* $value),+
        }

        impl $name {
            /// Every value, in order.
            pub const ALL: &'static [$name] = &[$($name::$value),+];

            /// The value in words, as a player reads it.
            pub fn words(self) -> &'static str {
                match self {
                    $($name::$value => $words),+
                }
            }

            /// The value whose words these are.
            pub fn of_words(s: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.words() == s)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.words())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.words())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                $name::of_words(&s).ok_or_else(|| {
                    let known: Vec<&str> = $name::ALL.iter().map(|v| v.words()).collect();
                    serde::de::Error::custom(format!(
                        "`{s}` is not one of: {}",
                        known.join(", ")
                    ))
                })
            }
        }
    };
}

/// `k` things in words, the noun agreeing: "1 unit", "3 units", "0 men".
pub fn count(k: impl Into<u64>, one: &str, many: &str) -> String {
    let k = k.into();
    format!("{k} {}", if k == 1 { one } else { many })
}
