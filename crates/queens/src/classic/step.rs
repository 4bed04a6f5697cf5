//! One step of a traced search as JSON data: the one place where an [`Event`] becomes the
//! object that `queens trace --json` prints and the web page animates.
//!
//! The fields, after `step` (the step's number from 1) and `event`:
//! - `place`, `remove`: `square` (`c5`), `col`, `row` (1-based);
//! - `reject`: the same, then `line` (`row`, `diagonal`, `anti_diagonal`) and `by` (the
//!   queen on that line, or null when the algorithm does not know it);
//! - `candidate`: `rows` (1-based) and `clash` (`{"a","b","line"}` or null);
//! - `solution`: `number` (solutions so far), `rows`, `tests` (safety tests since the
//!   solution before: Wirth's n) and `mirrored`.

use super::Event;
use crate::square::Square;
use serde_json::{json, Map, Value};

/// The JSON object of step number `step`, with `solutions` found so far (this one included).
pub fn step_json(step: u64, solutions: u64, event: &Event) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("step".into(), json!(step));
    let fields = match event {
        Event::Place(s) => with_square("place", *s),
        Event::Remove(s) => with_square("remove", *s),
        Event::Reject { square, line, by } => {
            let mut o = with_square("reject", *square);
            o.insert("line".into(), json!(line));
            o.insert("by".into(), json!(by.map(|q| q.to_string())));
            o
        }
        Event::Candidate {
            placement,
            conflict,
        } => object_of(json!({
            "event": "candidate",
            "rows": placement.rows_1based(),
            "clash": conflict.map(|c| json!({"a": c.a.to_string(), "b": c.b.to_string(), "line": c.line})),
        })),
        Event::Solution {
            placement,
            tests,
            mirrored,
        } => object_of(json!({
            "event": "solution",
            "number": solutions,
            "rows": placement.rows_1based(),
            "tests": tests,
            "mirrored": mirrored,
        })),
    };
    object.extend(fields);
    object
}

/// `event`, then the square in both notations.
fn with_square(event: &str, s: Square) -> Map<String, Value> {
    object_of(json!({"event": event, "square": s.to_string(), "col": s.col + 1, "row": s.row + 1}))
}

fn object_of(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Line;

    #[test]
    fn a_rejection_names_its_line_and_queen() {
        let e = Event::Reject {
            square: Square::new(1, 1),
            line: Line::Diagonal,
            by: Some(Square::new(0, 0)),
        };
        assert_eq!(
            Value::Object(step_json(3, 0, &e)).to_string(),
            r#"{"step":3,"event":"reject","square":"b2","col":2,"row":2,"line":"diagonal","by":"a1"}"#
        );
    }
}
