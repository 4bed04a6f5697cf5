//! Reading placements from a file or a pipe, one per line, in every form the tool writes:
//! rows (`1 5 8 6 3 7 2 4`), squares (`a1 b5 ...`, `1,1 2,5 ...`), the JSON lines of `list`
//! and `solve` (`{"n":8,"rows":[...]}`), and the board diagrams of `--format board` (a block of
//! ranks, rank N first, ended by the file letters). Notes after two spaces (`  orbit 8`,
//! `  tests 876`), `Result #n` lines, blank lines, lines starting with `#` and the JSON summary
//! line of `--stats` are skipped.

use crate::exit::{bad, Failure};
use queens::{Placement, Square};

/// A placement and the line of the input it starts on (1-based).
pub struct Item {
    pub line: usize,
    pub placement: Placement,
}

/// Every placement of `text`, in order; a line that is none names itself and why.
pub fn read(text: &str) -> Result<Vec<Item>, Failure> {
    let mut items = Vec::new();
    let mut diagram: Vec<(usize, &str)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let number = k + 1;
        let t = line.trim();
        if is_diagram_rank(t) {
            diagram.push((number, t));
            continue;
        }
        if !diagram.is_empty() {
            items.push(from_diagram(&diagram)?);
            diagram.clear();
            if is_file_letters(t) {
                continue;
            }
        }
        if t.is_empty() || t.starts_with('#') || t.starts_with("Result #") {
            continue;
        }
        let placement = if t.starts_with('{') {
            match from_json(t).map_err(|e| bad(format!("line {number}: {e}")))? {
                Some(p) => p,
                None => continue,
            }
        } else {
            Placement::parse(without_notes(t)).map_err(|e| bad(format!("line {number}: {e}")))?
        };
        items.push(Item {
            line: number,
            placement,
        });
    }
    if !diagram.is_empty() {
        items.push(from_diagram(&diagram)?);
    }
    Ok(items)
}

/// The text before the notes that follow two spaces (`  orbit 8`, `  tests 876`). Notes are
/// short and come last, so only the end of the line is searched: a line of a million rows is
/// not scanned again.
fn without_notes(line: &str) -> &str {
    let mut from = line.len().saturating_sub(48);
    while !line.is_char_boundary(from) {
        from -= 1;
    }
    let tail = &line[from..];
    ["  orbit ", "  tests "]
        .iter()
        .filter_map(|note| tail.find(note))
        .min()
        .map_or(line, |i| &line[..from + i])
}

/// A JSON line: the placement of its `rows`; `None` for the summary line of `--stats`.
fn from_json(line: &str) -> Result<Option<Placement>, String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("bad JSON line: {e}"))?;
    let Some(rows) = value.get("rows") else {
        if value.get("stats").is_some() {
            return Ok(None);
        }
        return Err("a JSON line without \"rows\": expected {\"n\":N,\"rows\":[...]}".into());
    };
    let rows: Vec<u64> = serde_json::from_value(rows.clone())
        .map_err(|_| "\"rows\" must be a list of whole numbers from 1 to N".to_string())?;
    let n = rows.len();
    let zero_based = rows
        .iter()
        .map(|&r| match r {
            1.. if r <= n as u64 => Ok((r - 1) as u32),
            _ => Err(format!("row {r} in \"rows\": expected 1 to {n}")),
        })
        .collect::<Result<Vec<u32>, String>>()?;
    Placement::from_rows(zero_based)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// A rank of a board diagram: its number, then one mark per file.
fn is_diagram_rank(line: &str) -> bool {
    // Short-circuits on the second word: a line of a million rows is not split up.
    let is_mark = |m: &str| matches!(m, "Q" | "." | "♛" | "·");
    let mut words = line.split_whitespace();
    words
        .next()
        .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        && words.next().is_some_and(is_mark)
        && words.all(is_mark)
}

/// The line of file letters under a diagram.
fn is_file_letters(line: &str) -> bool {
    !line.is_empty()
        && line
            .split_whitespace()
            .all(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
}

/// The placement drawn by the ranks of a diagram (the first line is the top rank).
fn from_diagram(ranks: &[(usize, &str)]) -> Result<Item, Failure> {
    let first = ranks[0].0;
    let size = ranks.len();
    let mut squares = Vec::new();
    for (i, (number, line)) in ranks.iter().enumerate() {
        let marks: Vec<&str> = line.split_whitespace().skip(1).collect();
        if marks.len() != size {
            return Err(bad(format!(
                "line {number}: a rank of {} squares in a diagram of {size} ranks",
                marks.len()
            )));
        }
        let row = (size - 1 - i) as u32;
        for (col, mark) in marks.iter().enumerate() {
            if matches!(*mark, "Q" | "♛") {
                squares.push(Square::new(col as u32, row));
            }
        }
    }
    let placement = Placement::from_squares(&squares).map_err(|e| {
        bad(format!(
            "the diagram on lines {first}-{}: {e}",
            first + size - 1
        ))
    })?;
    Ok(Item {
        line: first,
        placement,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::DiagramStyle;

    fn perms(text: &str) -> Vec<String> {
        read(text)
            .unwrap()
            .iter()
            .map(|i| i.placement.perm())
            .collect()
    }

    #[test]
    fn every_form_the_tool_writes_reads_back() {
        let p = Placement::parse("2 4 1 3").unwrap();
        let mut text = String::new();
        text += "2 4 1 3\n";
        text += "b4 d3 a2 c1  orbit 2\n";
        text += "{\"n\":4,\"rows\":[2,4,1,3],\"tests\":12}\n";
        text += &p.diagram(DiagramStyle::Ascii);
        text += "Result #1\n\n";
        text += &p.diagram(DiagramStyle::Unicode);
        text += "{\"stats\":{\"solutions\":1}}\n# a comment\n";
        assert_eq!(perms(&text), vec!["2 4 1 3"; 5]);
    }

    #[test]
    fn bad_lines_are_named() {
        let e = |text: &str| match read(text) {
            Err(Failure::Bad(m)) => m,
            _ => panic!("{text}"),
        };
        assert!(
            e("2 4 1 3\n1 x 2\n").starts_with("line 2: "),
            "{}",
            e("1 x")
        );
        assert!(e("{\"n\":3}\n").contains("without \"rows\""));
        assert!(e("{\"rows\":[1,9]}\n").contains("row 9"));
        assert!(e("2 . Q\n1 Q .\n  a b\n1 Q Q\n").contains("line 4"));
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,60}") {
            let _ = read(&text);
        }

        #[test]
        fn any_bytes_are_read_or_refused_without_panic(bytes in proptest::collection::vec(0u8..=255, 0..80)) {
            let _ = read(&String::from_utf8_lossy(&bytes));
        }
    }
}
