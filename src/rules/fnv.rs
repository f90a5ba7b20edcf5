//! FNV-1a: a small, stable hash. Saves use it over text (the same on every platform and Rust
//! version); the odds enumeration uses it for its many small states, where SipHash's care
//! against crafted keys buys nothing.

/// The hasher, starting at the FNV offset basis.
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    // Whole words at a time for the states' numbers (not FNV proper: used only in memory).
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64)
    }
    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u32 as u64)
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64)
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64)
    }
}

/// FNV-1a of a text, as 16 hex digits.
pub fn hex(text: &str) -> String {
    use std::hash::Hasher;
    let mut h = Fnv::default();
    h.write(text.as_bytes());
    format!("{:016x}", h.finish())
}
