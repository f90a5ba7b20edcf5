//! A lesson's words with its units where they stand now: "the 83rd Pennsylvania (6,5)" reads
//! the regiment's hex as it is, not as the script first had it (issue 76, item 4: a hint kept
//! the old hex after a wrong move).

use crate::rules::board::Board;

/// `text` with every "<unit's name> (col,row" naming the hex where that unit stands now.
pub fn where_now(text: &str, board: &Board) -> String {
    let mut out = text.to_string();
    for u in &board.units {
        let at = board.map.coord(u.hex);
        let head = format!("{} (", u.name);
        let mut from = 0;
        while let Some(i) = out[from..].find(&head) {
            let start = from + i + head.len();
            let len = coordinate_len(&out[start..]);
            if len > 0 {
                out.replace_range(start..start + len, &format!("{},{}", at.col, at.row));
            }
            from = start;
        }
    }
    out
}

/// The length of the "col,row" that `s` begins with, or 0.
fn coordinate_len(s: &str) -> usize {
    let digits = |t: &str| t.chars().take_while(char::is_ascii_digit).count();
    let col = digits(s);
    if col == 0 || !s[col..].starts_with(',') {
        return 0;
    }
    let row = digits(&s[col + 1..]);
    if row == 0 { 0 } else { col + 1 + row }
}
