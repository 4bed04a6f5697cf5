//! Property-based fuzzing of every parser of the library: arbitrary strings and bytes never
//! panic, and what the library writes it reads back.

use proptest::prelude::*;
use queens::complete::{Instance, InstanceFile};
use queens::count::Engine;
use queens::tour::{Board, Tour};
use queens::{Placement, Solutions, Square};

/// Every parser, on one text.
fn parse_everything(text: &str) {
    let _ = Placement::parse(text);
    let _ = Square::parse(text);
    let _ = Square::parse_list(text);
    let _ = Tour::parse(text);
    let _ = Tour::parse_squares(text);
    let _ = text.parse::<queens::classic::Algorithm>();
    let _ = Engine::from_name(text);
    if let Ok(file) = serde_json::from_str::<InstanceFile>(text) {
        let _ = Instance::try_from(file);
    }
}

/// Texts near the notations: digits, file letters, commas, brackets and JSON punctuation.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[0-9a-z,; \\[\\]{}():\"\\n-]{0,40}").unwrap()
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,60}") {
        parse_everything(&text);
    }

    #[test]
    fn notation_like_strings_never_panic(text in notation_like()) {
        parse_everything(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn json_instances_of_any_numbers_never_panic(
        n in 0usize..40,
        queens in proptest::collection::vec((0u64..50, 0u64..50), 0..6),
        sums in proptest::collection::vec(-5i64..90, 0..4),
        diffs in proptest::collection::vec(-50i64..50, 0..4),
    ) {
        let file = InstanceFile {
            n,
            queens: queens.iter().map(|&(c, r)| [c, r]).collect(),
            excluded_sums: sums,
            excluded_differences: diffs,
        };
        if let Ok(instance) = Instance::try_from(file) {
            // A valid instance writes a file that reads back to the same instance.
            let again = Instance::try_from(instance.to_file()).unwrap();
            prop_assert_eq!(again.presets(), instance.presets());
        }
    }

    #[test]
    fn squares_round_trip(col in 0u32..2000, row in 0u32..100_000) {
        let s = Square::new(col, row);
        prop_assert_eq!(Square::parse(&s.to_string()), Ok(s));
        prop_assert_eq!(Square::parse(&s.numeric()), Ok(s));
    }

    #[test]
    fn placements_round_trip_in_every_notation(n in 4usize..12, k in 0usize..50) {
        let all: Vec<Placement> = Solutions::new(n).unwrap().collect();
        let p = &all[k % all.len()];
        prop_assert_eq!(&Placement::parse(&p.perm()).unwrap(), p);
        prop_assert_eq!(&Placement::parse(&p.algebraic()).unwrap(), p);
        let numeric: Vec<String> = p.squares().map(|s| s.numeric()).collect();
        prop_assert_eq!(&Placement::parse(&numeric.join(" ")).unwrap(), p);
        let mut shuffled: Vec<String> = p.squares().map(|s| s.to_string()).collect();
        shuffled.rotate_left(k % n);
        prop_assert_eq!(&Placement::parse(&shuffled.join(",")).unwrap(), p);
    }

    #[test]
    fn tours_round_trip_in_every_format(rows in 5usize..9, cols in 5usize..9, start in 0usize..64) {
        let board = Board::new(rows, cols);
        let from = board.square((start % board.square_count()) as u32);
        let Ok(found) = queens::tour::find(board, from, false, queens::tour::Method::Divide, &queens::Control::new()) else {
            return Ok(()); // the wrong colour on an odd board
        };
        let t = found.tour;
        prop_assert_eq!(&Tour::parse(&t.grid()).unwrap(), &t);
        let moves: Vec<String> = t.squares().map(|s| s.to_string()).collect();
        prop_assert_eq!(&Tour::parse(&moves.join(" ")).unwrap(), &t);
        let path: Vec<String> = t.squares().map(|s| format!("[{},{}]", s.col + 1, s.row + 1)).collect();
        let json = format!("{{\"rows\":{rows},\"cols\":{cols},\"closed\":false,\"path\":[{}]}}", path.join(","));
        prop_assert_eq!(&Tour::parse(&json).unwrap(), &t);
        prop_assert_eq!(Tour::parse_squares(&moves.join(" ")).unwrap(), t.squares().collect::<Vec<_>>());
    }
}
