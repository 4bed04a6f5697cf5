//! Reading placements from a file or a pipe, one per line, in every form the tool writes:
//! rows (`1 5 8 6 3 7 2 4`), squares (`a1 b5 ...`, `1,1 2,5 ...`), the JSON lines of `list`
//! and `solve` (`{"n":8,"rows":[...]}`), and the board diagrams of `--format board` (a block of
//! ranks labelled N down to 1, ended by the file letters a, b, c, ..., which are checked when
//! they are there). Notes after two spaces (`  orbit 8`,
//! `  tests 876`), `Result #n` lines, blank lines, lines starting with `#` and the JSON summary
//! line of `--stats` are skipped. A JSON line's `rows` must number its `n`.
//!
//! The reader streams: [`Placements::next`] reads only as far as the next placement, so that
//! `queens list 16 | queens check -` holds one placement at a time, and every line is bounded
//! ([`super::lines`]).

use super::lines::{quote, Lines, MAX_PLACEMENT_LINE};
use crate::exit::{bad, Failure};
use queens::placement::{diagram, DiagramError};
use queens::Placement;
use std::path::Path;

/// The most ranks of a board diagram read back (`--format board` draws up to N = 1000).
pub const MAX_DIAGRAM_RANKS: usize = 1000;

/// A placement and the line of the input it starts on (1-based).
pub struct Item {
    pub line: usize,
    pub placement: Placement,
}

/// The placements of a file or standard input, one at a time.
pub struct Placements {
    lines: Lines,
    /// The ranks of a diagram being read: line number and text.
    diagram: Vec<(usize, String)>,
    /// A placement read on the line that ended a diagram, handed out next.
    waiting: Option<Item>,
}

impl Placements {
    /// Opens `path` (`-`: standard input).
    pub fn open(path: &Path) -> Result<Placements, Failure> {
        Ok(Placements::from_lines(Lines::open(
            path,
            MAX_PLACEMENT_LINE,
        )?))
    }

    /// The placements of `lines`.
    pub fn from_lines(lines: Lines) -> Placements {
        Placements {
            lines,
            diagram: Vec::new(),
            waiting: None,
        }
    }

    /// The input as messages name it.
    pub fn name(&self) -> &str {
        self.lines.name()
    }

    /// Whether the next placement has to wait for the input (see [`Lines::is_drained`]).
    pub fn is_drained(&self) -> bool {
        self.waiting.is_none() && self.lines.is_drained()
    }

    /// The next placement; `None` at the end; a line that is none names itself and why.
    pub fn next(&mut self) -> Result<Option<Item>, Failure> {
        if let Some(item) = self.waiting.take() {
            return Ok(Some(item));
        }
        while let Some((number, line)) = self.lines.next_line()? {
            let t = line.trim();
            if diagram::is_rank(t) {
                if self.diagram.len() == MAX_DIAGRAM_RANKS || t.len() > 8 * MAX_DIAGRAM_RANKS {
                    return Err(bad(format!(
                        "line {number}: a diagram of more than {MAX_DIAGRAM_RANKS} ranks: give larger boards as rows or squares"
                    )));
                }
                self.diagram.push((number, t.to_string()));
                continue;
            }
            let files = !self.diagram.is_empty() && diagram::is_files(t);
            let ended = end_diagram(&mut self.diagram)?;
            let item = match (&ended, files) {
                (Some(drawn), true) => {
                    diagram::check_files(t, drawn.placement.n())
                        .map_err(|e| bad(format!("line {number}: {e}")))?;
                    None
                }
                _ => from_line(number, t)?,
            };
            match (ended, item) {
                (Some(a), b) => {
                    self.waiting = b;
                    return Ok(Some(a));
                }
                (None, Some(b)) => return Ok(Some(b)),
                (None, None) => {}
            }
        }
        end_diagram(&mut self.diagram)
    }
}

/// The placement of the diagram read so far, if any; the diagram is emptied.
fn end_diagram(diagram: &mut Vec<(usize, String)>) -> Result<Option<Item>, Failure> {
    if diagram.is_empty() {
        return Ok(None);
    }
    let item = from_diagram(diagram)?;
    diagram.clear();
    Ok(Some(item))
}

/// Every placement of `text`, in order (for tests and small inputs).
#[cfg(test)]
pub fn read(text: &str) -> Result<Vec<Item>, Failure> {
    let bytes: Box<dyn std::io::Read> = Box::new(std::io::Cursor::new(text.as_bytes().to_vec()));
    let mut placements =
        Placements::from_lines(Lines::new(bytes, "the input".into(), MAX_PLACEMENT_LINE));
    let mut items = Vec::new();
    while let Some(item) = placements.next()? {
        items.push(item);
    }
    Ok(items)
}

/// The placement on one line that is not part of a diagram, if it holds one.
fn from_line(number: usize, t: &str) -> Result<Option<Item>, Failure> {
    if t.is_empty() || t.starts_with('#') || t.starts_with("Result #") {
        return Ok(None);
    }
    let placement = if t.starts_with('{') {
        match from_json(t).map_err(|e| bad(format!("line {number}: {e}")))? {
            Some(p) => p,
            None => return Ok(None),
        }
    } else {
        Placement::parse(without_notes(t)).map_err(|e| bad(format!("line {number}: {e}")))?
    };
    Ok(Some(Item {
        line: number,
        placement,
    }))
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

/// A JSON line: the placement of its `rows`, which must number its `n`; `None` for the
/// summary line of `--stats`.
fn from_json(line: &str) -> Result<Option<Placement>, String> {
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|e| format!("bad JSON line: {}", queens::error::excerpt(&e.to_string())))?;
    let Some(rows) = value.get("rows") else {
        if value.get("stats").is_some() {
            return Ok(None);
        }
        return Err("a JSON line without \"rows\": expected {\"n\":N,\"rows\":[...]}".into());
    };
    let n = match value.get("n") {
        None => return Err("a JSON line without \"n\": expected {\"n\":N,\"rows\":[...]}".into()),
        Some(n) => n
            .as_u64()
            .filter(|&n| (1..=u64::from(u32::MAX)).contains(&n))
            .ok_or_else(|| {
                format!(
                    "\"n\" is {}: expected a whole number from 1 to {}",
                    quote(&n.to_string()),
                    u32::MAX
                )
            })? as usize,
    };
    let rows: Vec<u64> = serde_json::from_value(rows.clone())
        .map_err(|_| format!("\"rows\" must be a list of whole numbers from 1 to {n}"))?;
    if rows.len() != n {
        return Err(format!(
            "\"rows\" holds {} numbers but \"n\" is {n}: a placement of N queens has N rows",
            rows.len()
        ));
    }
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

/// The placement drawn by the ranks of a diagram (the first line is the top rank), read by
/// the library's reader beside its writer; refusals name the lines.
fn from_diagram(ranks: &[(usize, String)]) -> Result<Item, Failure> {
    let first = ranks[0].0;
    let lines: Vec<&str> = ranks.iter().map(|r| r.1.as_str()).collect();
    let placement = diagram::read(&lines).map_err(|e| match e {
        DiagramError::Width { index, .. } | DiagramError::RankLabel { index, .. } => {
            bad(format!("line {}: {e}", ranks[index].0))
        }
        other => bad(format!(
            "the diagram on lines {first}-{}: {other}",
            first + ranks.len() - 1
        )),
    })?;
    Ok(Item {
        line: first,
        placement,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
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
        assert_eq!(perms("\u{feff}2 4 1 3\n"), vec!["2 4 1 3"]);
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
        assert!(e("{\"n\":2,\"rows\":[1,9]}\n").contains("row 9"));
        assert!(e("{\"rows\":[1,2]}\n").contains("without \"n\""));
        assert!(e("{\"n\":8,\"rows\":[]}\n").contains("holds 0 numbers but \"n\" is 8"));
        assert!(e("{\"n\":100,\"rows\":[2,4,1,3]}\n").contains("holds 4 numbers"));
        assert!(e("{\"n\":0,\"rows\":[]}\n").contains("\"n\" is '0'"));
        assert!(e("{\"n\":\"8\",\"rows\":[1]}\n").contains("expected a whole number"));
        assert!(e("2 . Q\n1 Q .\n  a b\n1 Q Q\n").contains("line 4"));
    }

    #[test]
    fn a_diagram_is_read_by_its_labels_promise() {
        let e = |text: &str| match read(text) {
            Err(Failure::Bad(m)) => m,
            _ => panic!("{text}"),
        };
        // Ranks 4, 3, 1, 2: the third line says rank 1 where rank 2 stands.
        let swapped = "4 . Q . .\n3 . . . Q\n1 Q . . .\n2 . . Q .\n  a b c d\n";
        let m = e(swapped);
        assert!(m.starts_with("line 3: rank label '1' where rank 2"), "{m}");
        let m = e("4 . Q . .\n3 . . . Q\n2 Q . . .\n1 . . Q .\n  a b d c\n");
        assert!(m.starts_with("line 5: file letter 'd' where 'c'"), "{m}");
        let m = e("2 Q .\n1 . Q\n  a b c\n");
        assert!(
            m.starts_with("line 3: 3 file letters under a diagram of 2 ranks"),
            "{m}"
        );
        let m = e("02 . Q\n1 Q .\n");
        assert!(m.contains("'02'"), "{m}");
        // Without the file letters, the ranks alone are read.
        assert_eq!(perms("2 . Q\n1 Q .\n"), ["1 2"]);
    }

    proptest::proptest! {
        /// Every diagram the tool draws reads back, and so does no diagram whose ranks were
        /// swapped or whose file letters were: the labels are checked, not skipped.
        #[test]
        fn diagrams_read_back_and_swapped_labels_are_refused(
            rows in (2usize..30).prop_flat_map(|n| Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle()),
            (i, j) in (0usize..30, 0usize..30),
            unicode in proptest::bool::ANY,
        ) {
            let p = Placement::from_rows(rows).unwrap();
            let style = if unicode { DiagramStyle::Unicode } else { DiagramStyle::Ascii };
            let text = p.diagram(style);
            prop_assert_eq!(perms(&text), vec![p.perm()]);
            let n = p.n();
            let (i, j) = (i % (n + 1), j % (n + 1));
            prop_assume!(i != j);
            // Lines 0..n are the ranks, line n the file letters.
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            if i < n && j < n {
                lines.swap(i, j);
            } else {
                let mut letters: Vec<String> =
                    lines[n].split_whitespace().map(str::to_string).collect();
                let a = i.min(j); // below n: the two differ and neither passes n
                letters.swap(a, (a + 1) % n);
                lines[n] = format!("  {}", letters.join(" "));
            }
            let swapped = lines.join("\n") + "\n";
            prop_assert!(read(&swapped).is_err(), "{}", swapped);
        }

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
