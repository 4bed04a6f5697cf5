//! The checkpoint of a seed schedule (`queens cover N --seeds A..B --checkpoint FILE`): what the
//! seeds finished so far reached, checked line by line as the count's checkpoint is.
//!
//! The file is text, rewritten whole (a temporary file, synced, renamed over it) after every
//! seed that ends, by finding a cover or at its `--per-seed` time; a seed stopped by Ctrl-C is
//! not finished and leaves the file as it was. Every line ends with the CRC-32 of the rest
//! ([`crate::parts::crc`], the check value of the count's records):
//!
//! ```text
//! queens-cover-seeds 1 n=27 turn=half seeds=1..5 crc=0f3a51c2
//! finished next=3 seconds=120.031 conflicts=32 conflicts-seed=2 disjoint=8 disjoint-seed=1 crc=...
//! disjoint 1 3 5 ... crc=...            (the most disjoint solutions held at once, one a line)
//! cover seed=4 seconds=31.700 crc=...   (only when a seed found a cover; then N lines:)
//! solution 1 3 5 ... crc=...
//! ```
//!
//! Read back, the header must name the same N, turn and seeds; the solutions are checked again
//! (each one a solution, the disjoint ones pairwise disjoint, a cover a cover of the board),
//! and what the `finished` line claims must agree with them: a cover found (0 conflicting
//! pairs) must be there in full. Anything else is refused, naming the file and the line, and
//! the file is left as it is. A run holds the file locked while it uses it, so that two runs
//! never share one ([`Held`]).

use crate::exit::{bad, Failure, Result};
use crate::parts::held::Held;
use crate::parts::{checkpoint_file, crc};
use queens::cover::{self, symmetric::Turn, Cover};
use queens::Placement;
use std::io::{Read, Write};
use std::path::Path;

/// The first word of the file, and the version of its format.
const MAGIC: &str = "queens-cover-seeds";
const VERSION: u32 = 1;

/// What a schedule is: its board, turn and range of seeds (`A..B`, B not included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub n: usize,
    pub turn: Turn,
    pub from: u64,
    pub to: u64,
}

impl Plan {
    /// `N = 27 (half-turn), seeds 1..5`.
    fn describe(&self) -> String {
        format!(
            "N = {} ({}), seeds {}..{}",
            self.n,
            self.turn.name(),
            self.from,
            self.to
        )
    }

    fn header(&self) -> String {
        format!(
            "{MAGIC} {VERSION} n={} turn={} seeds={}..{}",
            self.n,
            turn_word(self.turn),
            self.from,
            self.to
        )
    }
}

/// The state of a schedule after its finished seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub plan: Plan,
    /// The next seed to run.
    pub next: u64,
    /// Seconds spent on the finished seeds.
    pub seconds: f64,
    /// The fewest conflicting pairs reached, and by which seed.
    pub conflicts: Option<(u64, u64)>,
    /// The most disjoint solutions held at once, and by which seed.
    pub disjoint: Vec<Placement>,
    pub disjoint_seed: Option<u64>,
    /// A cover found: its seed, the seconds of that seed's run, the cover.
    pub cover: Option<(u64, f64, Cover)>,
}

impl State {
    /// No seed finished yet.
    pub fn new(plan: Plan) -> State {
        State {
            plan,
            next: plan.from,
            seconds: 0.0,
            conflicts: None,
            disjoint: Vec::new(),
            disjoint_seed: None,
            cover: None,
        }
    }

    /// The file's text.
    fn text(&self) -> String {
        let mut out = String::new();
        let mut line = |body: String| out.push_str(&format!("{body} crc={}\n", crc(&body)));
        line(self.plan.header());
        let (conflicts, conflicts_seed) = match self.conflicts {
            Some((c, s)) => (c.to_string(), s.to_string()),
            None => ("-".into(), "-".into()),
        };
        line(format!(
            "finished next={} seconds={:.3} conflicts={conflicts} conflicts-seed={conflicts_seed} \
             disjoint={} disjoint-seed={}",
            self.next,
            self.seconds,
            self.disjoint.len(),
            self.disjoint_seed.map_or("-".into(), |s| s.to_string())
        ));
        for p in &self.disjoint {
            line(format!("disjoint {}", p.perm()));
        }
        if let Some((seed, seconds, c)) = &self.cover {
            line(format!("cover seed={seed} seconds={seconds:.3}"));
            for p in &c.solutions {
                line(format!("solution {}", p.perm()));
            }
        }
        out
    }

    /// Writes the state to the held file (the whole file, atomically).
    pub fn save(&self, held: &mut Held) -> Result<()> {
        // The error names the file that failed (`FILE.part` or `FILE`).
        held.replace(|w| w.write_all(self.text().as_bytes()))
            .map_err(Failure::Write)
    }
}

/// The word of a turn in the header.
fn turn_word(turn: Turn) -> &'static str {
    match turn {
        Turn::None => "none",
        Turn::Half => "half",
        Turn::Quarter => "quarter",
        Turn::Mirror => "mirror",
        Turn::Both => "both",
    }
}

fn turn_of(word: &str) -> Option<Turn> {
    [
        Turn::None,
        Turn::Half,
        Turn::Quarter,
        Turn::Mirror,
        Turn::Both,
    ]
    .into_iter()
    .find(|&t| turn_word(t) == word)
}

/// The file at `path`, locked for this run, and the state it records for `plan`, or a fresh
/// one (written at once, so that a file that cannot be created is refused before any seed
/// runs). Refused (exit 2, the file left as it is): not a regular file, held by another run,
/// not a checkpoint of a schedule, damaged, of another schedule, or with solutions that do not
/// hold up.
pub fn open(path: &Path, plan: Plan) -> Result<(Held, State)> {
    let shown = path.display();
    let existed = checkpoint_file(path)?;
    let mut held = Held::open(path)?;
    let Some(len) = existed else {
        let fresh = State::new(plan);
        if let Err(e) = fresh.save(&mut held) {
            // The empty file just made is not left to be refused as "empty" next time.
            held.remove_if_empty();
            return Err(e);
        }
        return Ok((held, fresh));
    };
    // A header, the finished line, and at most N disjoint solutions and a cover of N.
    let most = (3 + 2 * plan.n as u64) * (80 + 4 * plan.n as u64);
    if len > most {
        return Err(bad(format!(
            "checkpoint '{shown}' has {len} bytes, more than a checkpoint of a schedule for N = {} \
             can ({most}): refused; the file was not changed",
            plan.n
        )));
    }
    let mut bytes = Vec::new();
    held.file()
        .take(most + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            bad(format!(
                "cannot read checkpoint '{shown}': {}",
                crate::exit::io_reason(&e)
            ))
        })?;
    let state = read(&bytes, plan).map_err(|p| bad(p.message(path)))?;
    Ok((held, state))
}

/// What is wrong with a file read as a checkpoint.
#[derive(Debug, PartialEq)]
pub enum Problem {
    /// Empty, or not a checkpoint of a schedule at all (`what` it seems to be).
    NotCheckpoint(&'static str),
    /// The checkpoint of another schedule.
    Other { holds: String, asked: String },
    /// A line is not as written, or says what does not hold up.
    Damaged { line: usize, why: String },
}

impl Problem {
    /// The one-line message about `path`.
    fn message(&self, path: &Path) -> String {
        let p = path.display();
        let keep = "refused; the file was not changed (move it aside to start over)";
        match self {
            Problem::NotCheckpoint(what) => {
                format!("'{p}' is not the checkpoint of a seed schedule of queens cover ({what}): {keep}")
            }
            Problem::Other { holds, asked } => format!(
                "checkpoint '{p}' holds the schedule of {holds}; this run asks for {asked}: give \
                 the same N, --turn and --seeds to resume it, or another file"
            ),
            Problem::Damaged { line, why } => {
                format!("checkpoint '{p}' is damaged at line {line} ({why}): {keep}")
            }
        }
    }
}

/// Reads a checkpoint's bytes, expecting the schedule `plan`.
pub fn read(bytes: &[u8], plan: Plan) -> std::result::Result<State, Problem> {
    let text = std::str::from_utf8(bytes).map_err(|_| Problem::NotCheckpoint("it is not text"))?;
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l));
    let (_, first) = lines.next().ok_or(Problem::NotCheckpoint("it is empty"))?;
    let saved = header(first)?;
    if saved != plan {
        return Err(Problem::Other {
            holds: saved.describe(),
            asked: plan.describe(),
        });
    }
    let mut state = State::new(plan);
    let (number, line) = lines.next().ok_or(Problem::Damaged {
        line: 2,
        why: "the line of the finished seeds is missing".into(),
    })?;
    let disjoint = finished(checked(line, number)?, number, &mut state)?;
    let rest: Vec<(usize, &str)> = lines.collect();
    let mut k = 0;
    while k < rest.len() && rest[k].1.starts_with("disjoint ") {
        let (number, line) = rest[k];
        let p = solution(checked(line, number)?, "disjoint", number, plan.n)?;
        apart(&state.disjoint, &p, number)?;
        state.disjoint.push(p);
        k += 1;
    }
    if state.disjoint.len() != disjoint {
        let line = number + state.disjoint.len() + 1;
        let why = format!(
            "it lists {} disjoint solutions, its line 2 says {disjoint}",
            state.disjoint.len(),
        );
        return Err(Problem::Damaged { line, why });
    }
    found(&rest[k..], &mut state)?;
    Ok(state)
}

/// The body of a line whose check value matches.
fn checked(line: &str, number: usize) -> std::result::Result<&str, Problem> {
    match line.rsplit_once(" crc=") {
        Some((body, value)) if crc(body) == value => Ok(body),
        _ => Err(Problem::Damaged {
            line: number,
            why: "its check value does not match".into(),
        }),
    }
}

/// The plan named by the header line.
fn header(line: &str) -> std::result::Result<Plan, Problem> {
    if line.starts_with('{') {
        return Err(Problem::NotCheckpoint(
            "it is the JSON of an older version, without check values",
        ));
    }
    if line.starts_with("queens-checkpoint ") {
        return Err(Problem::NotCheckpoint("it is the checkpoint of a count"));
    }
    if !line.starts_with(&format!("{MAGIC} ")) {
        return Err(Problem::NotCheckpoint(
            "its first line is not a checkpoint header",
        ));
    }
    let body = checked(line, 1)?;
    let damaged = || Problem::Damaged {
        line: 1,
        why: "the header is not as written".into(),
    };
    let words: Vec<&str> = body.split(' ').collect();
    let [_, version, n, turn, seeds] = words[..] else {
        return Err(damaged());
    };
    if version != VERSION.to_string() {
        return Err(Problem::NotCheckpoint("it is of another format version"));
    }
    let (from, to) = field(seeds, "seeds")
        .and_then(|s| s.split_once(".."))
        .ok_or_else(damaged)?;
    Ok(Plan {
        n: number(n, "n").ok_or_else(damaged)? as usize,
        turn: field(turn, "turn").and_then(turn_of).ok_or_else(damaged)?,
        from: from.parse().map_err(|_| damaged())?,
        to: to.parse().map_err(|_| damaged())?,
    })
}

/// The value of `key=value`.
fn field<'a>(word: &'a str, key: &str) -> Option<&'a str> {
    word.strip_prefix(key)?.strip_prefix('=')
}

fn number(word: &str, key: &str) -> Option<u64> {
    field(word, key)?.parse().ok()
}

/// A number, or `-` for none.
fn maybe(word: &str, key: &str) -> Option<Option<u64>> {
    match field(word, key)? {
        "-" => Some(None),
        v => v.parse().ok().map(Some),
    }
}

/// Reads the `finished` line into `state` (what it says must fit the plan); returns the number
/// of disjoint solutions it says the file lists.
fn finished(body: &str, line: usize, state: &mut State) -> std::result::Result<usize, Problem> {
    let damaged = |why: &str| Problem::Damaged {
        line,
        why: why.into(),
    };
    let words: Vec<&str> = body.split(' ').collect();
    let ["finished", next, seconds, conflicts, conflicts_seed, disjoint, disjoint_seed] = words[..]
    else {
        return Err(damaged("it is not the line of the finished seeds"));
    };
    let plan = state.plan;
    state.next = number(next, "next")
        .filter(|s| (plan.from..=plan.to).contains(s))
        .ok_or_else(|| damaged("its next seed is not in the range"))?;
    state.seconds = field(seconds, "seconds")
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| damaged("its seconds are not a time"))?;
    let ran = |seed: &Option<u64>| seed.is_none_or(|s| (plan.from..state.next).contains(&s));
    let conflicts = maybe(conflicts, "conflicts").ok_or_else(|| damaged("bad conflicts"))?;
    let conflicts_seed = maybe(conflicts_seed, "conflicts-seed")
        .filter(ran)
        .ok_or_else(|| damaged("its best seed is not a seed that ran"))?;
    let any = state.next > plan.from;
    state.conflicts = match (conflicts, conflicts_seed) {
        (Some(c), Some(s)) if any => Some((c, s)),
        (None, None) if !any => None,
        _ => return Err(damaged("its best does not fit the seeds that ran")),
    };
    let count = number(disjoint, "disjoint")
        .filter(|&d| d <= plan.n as u64)
        .ok_or_else(|| damaged("bad number of disjoint solutions"))? as usize;
    state.disjoint_seed = maybe(disjoint_seed, "disjoint-seed")
        .filter(ran)
        .filter(|s| s.is_some() == (count > 0))
        .ok_or_else(|| damaged("its seed of the disjoint solutions is not a seed that ran"))?;
    Ok(count)
}

/// The solution of a `WORD rows` line.
fn solution(
    body: &str,
    word: &str,
    line: usize,
    n: usize,
) -> std::result::Result<Placement, Problem> {
    let damaged = |why: String| Problem::Damaged { line, why };
    let rows = body
        .strip_prefix(word)
        .and_then(|r| r.strip_prefix(' '))
        .ok_or_else(|| damaged(format!("it is not a line of {word}")))?;
    let p = Placement::parse(rows).map_err(|e| damaged(e.to_string()))?;
    if p.n() != n || !p.is_solution() {
        return Err(damaged(format!(
            "'{rows}' is not a solution of the {n}x{n} board"
        )));
    }
    Ok(p)
}

/// Refuses `p` unless it is disjoint from every solution of `held`.
fn apart(held: &[Placement], p: &Placement, line: usize) -> std::result::Result<(), Problem> {
    let shares = |q: &&Placement| q.rows().iter().zip(p.rows()).any(|(a, b)| a == b);
    match held.iter().find(shares) {
        None => Ok(()),
        Some(q) => Err(Problem::Damaged {
            line,
            why: format!("'{}' shares a square with '{}'", p.perm(), q.perm()),
        }),
    }
}

/// Reads the cover after the disjoint solutions, if the seeds found one: it must be there
/// exactly when the best is 0 conflicting pairs, be found by that seed, the last that ran, and
/// be a cover.
fn found(rest: &[(usize, &str)], state: &mut State) -> std::result::Result<(), Problem> {
    let plan = state.plan;
    let claimed = state.conflicts.filter(|c| c.0 == 0).map(|c| c.1);
    let Some(&(at, line)) = rest.first() else {
        return match claimed {
            None => Ok(()),
            Some(_) => Err(Problem::Damaged {
                line: 2,
                why: "it says a cover was found (0 conflicting pairs), and the file holds none"
                    .into(),
            }),
        };
    };
    let damaged = |line: usize, why: String| Problem::Damaged { line, why };
    let body = checked(line, at)?;
    let words: Vec<&str> = body.split(' ').collect();
    let ["cover", seed, seconds] = words[..] else {
        return Err(damaged(at, "it is not a line of a cover".into()));
    };
    let seed = number(seed, "seed").ok_or_else(|| damaged(at, "bad seed".into()))?;
    let seconds = field(seconds, "seconds")
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| damaged(at, "its seconds are not a time".into()))?;
    if claimed != Some(seed) || state.next != seed + 1 {
        let why = format!(
            "a cover found by seed {seed} does not fit line 2 (best {})",
            state
                .conflicts
                .map_or("none".into(), |(c, s)| format!("{c} pairs by seed {s}"))
        );
        return Err(damaged(at, why));
    }
    let lines = &rest[1..];
    if lines.len() != plan.n {
        let why = format!("a cover of {} solutions, not {}", lines.len(), plan.n);
        return Err(damaged(at, why));
    }
    let mut solutions = Vec::with_capacity(plan.n);
    for &(k, l) in lines {
        solutions.push(solution(checked(l, k)?, "solution", k, plan.n)?);
    }
    cover::check(plan.n, &solutions).map_err(|fault| match fault {
        // Solutions count from 1 on the line after the `cover` line.
        cover::Fault::Overlap {
            first,
            second,
            square,
        } => damaged(
            at + first,
            format!(
                "its solution and that of line {} both hold {square}: no cover",
                at + second
            ),
        ),
        other => damaged(at, format!("the solutions are no cover: {other}")),
    })?;
    let c = Cover::new(solutions, cover::Method::Turned(plan.turn));
    state.cover = Some((seed, seconds, c));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        Plan {
            n: 8,
            turn: Turn::Both,
            from: 1,
            to: 5,
        }
    }

    fn state() -> State {
        let mut s = State::new(plan());
        s.next = 3;
        s.seconds = 1.5;
        s.conflicts = Some((4, 2));
        s.disjoint = ["1 5 8 6 3 7 2 4", "4 2 7 3 6 8 5 1"]
            .iter()
            .map(|p| Placement::parse(p).unwrap())
            .collect();
        s.disjoint_seed = Some(1);
        s
    }

    /// The text with `from` replaced by `to` in line `k` (from 1), its check value made anew.
    fn forged(text: &str, k: usize, from: &str, to: &str) -> String {
        let mut out = String::new();
        for (i, line) in text.lines().enumerate() {
            if i + 1 == k {
                let body = line.rsplit_once(" crc=").unwrap().0.replace(from, to);
                out.push_str(&format!("{body} crc={}\n", crc(&body)));
            } else {
                out.push_str(line);
                out.push('\n');
            }
        }
        out
    }

    #[test]
    fn a_written_state_reads_back() {
        let s = state();
        assert_eq!(read(s.text().as_bytes(), plan()), Ok(s));
        let fresh = State::new(plan());
        assert_eq!(read(fresh.text().as_bytes(), plan()), Ok(fresh));
    }

    #[test]
    fn an_edited_byte_is_refused_by_its_line() {
        let text = state().text().replace("conflicts=4", "conflicts=0");
        match read(text.as_bytes(), plan()) {
            Err(Problem::Damaged { line: 2, why }) => assert!(why.contains("check value")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_cover_claimed_must_be_there_and_be_one() {
        // The claim of a cover with its check value made anew: no cover in the file.
        let text = forged(&state().text(), 2, "conflicts=4", "conflicts=0");
        match read(text.as_bytes(), plan()) {
            Err(Problem::Damaged { line: 2, why }) => assert!(why.contains("holds none"), "{why}"),
            other => panic!("{other:?}"),
        }
        // Disjoint solutions that share a square.
        let text = forged(&state().text(), 4, "4 2 7 3 6 8 5 1", "1 6 8 3 7 4 2 5");
        match read(text.as_bytes(), plan()) {
            Err(Problem::Damaged { line: 4, why }) => assert!(why.contains("shares"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_found_cover_reads_back_checked() {
        let five = Plan {
            n: 5,
            turn: Turn::Quarter,
            from: 1,
            to: 5,
        };
        let c = cover::find(5, &queens::Control::new()).unwrap().unwrap();
        let mut s = State::new(five);
        s.next = 3;
        s.conflicts = Some((0, 2));
        s.cover = Some((
            2,
            0.25,
            Cover::new(c.solutions, cover::Method::Turned(five.turn)),
        ));
        let text = s.text();
        assert_eq!(read(text.as_bytes(), five), Ok(s));
        // A solution of the cover replaced by another solution: no longer a cover.
        let last = text.lines().count();
        let line = text.lines().last().unwrap();
        let rows = line
            .rsplit_once(" crc=")
            .unwrap()
            .0
            .strip_prefix("solution ")
            .unwrap();
        let text = forged(&text, last, rows, "2 5 3 1 4");
        assert!(matches!(
            read(text.as_bytes(), five),
            Err(Problem::Damaged { .. })
        ));
    }

    #[test]
    fn another_schedule_says_what_it_holds_and_what_was_asked() {
        let other = Plan { to: 6, ..plan() };
        let problem = read(state().text().as_bytes(), other).unwrap_err();
        let message = problem.message(Path::new("c.txt"));
        assert!(
            message.contains(
                "holds the schedule of N = 8 (mirror and half-turn), seeds 1..5; \
                              this run asks for N = 8 (mirror and half-turn), seeds 1..6"
            ),
            "{message}"
        );
        for (bytes, what) in [
            (&b"{\"n\":27}\n"[..], "older version"),
            (b"queens-checkpoint 2 n=8\n", "count"),
            (b"root:x:0:0\n", "header"),
            (b"", "empty"),
        ] {
            match read(bytes, plan()) {
                Err(Problem::NotCheckpoint(why)) => assert!(why.contains(what), "{why}"),
                other => panic!("{other:?}"),
            }
        }
    }
}
