//! `queens complete`: finish a partly filled board, or prove that it cannot be finished; count
//! the completions; or write a random instance by the method of Gent, Jefferson and Nightingale.

use crate::exit::{bad, Exit, Result};
use crate::input;
use crate::job::Job;
use crate::output::format::Report;
use crate::output::Out;
use queens::complete::{self, Instance, InstanceFile, Outcome};
use queens::record::Completion;
use queens::{DiagramStyle, Placement, Square};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Boards up to this size get a diagram in the text output.
const DIAGRAM_MAX: usize = 32;

/// Complete a board with preset queens (exit code 1 if impossible), or write a random instance
#[derive(clap::Args)]
#[command(after_help = "Examples:
  queens complete 8 --preset a1,c5
  queens complete 12 --preset 1,1 3,5 --count
  queens complete --input board.json --json
  queens complete --generate 1000 --presets 16 --seed 7 > board.json

Instance file: {\"n\":8,\"queens\":[[1,1],[3,5]]} (squares as [col,row], 1-based), optionally
with \"excluded_sums\" (col+row, 2..2N) and \"excluded_differences\" (col-row, 1-N..N-1): no queen
may stand on those diagonals.")]
pub struct Args {
    /// Board size N
    #[arg(value_name = "N")]
    n: Option<String>,
    /// The preset queens: squares like `a1,c5` or `1,1 3,5`
    #[arg(long, short = 'p', value_name = "SQUARES", num_args = 1.., conflicts_with = "input")]
    preset: Vec<String>,
    /// Read the instance from a JSON file (`-` for standard input)
    #[arg(long, short = 'i', value_name = "FILE", conflicts_with = "n")]
    input: Option<PathBuf>,
    /// Count every completion (with progress; Ctrl-C stops)
    #[arg(long)]
    count: bool,
    /// Output format
    #[arg(long, short = 'f', default_value = "text", value_parser = Report::parser(
        "The verdict, the rows and a diagram (N up to 32)",
        "One JSON line: `{\"n\":N,\"status\":\"solved\",\"rows\":[...]}`",
    ))]
    format: Report,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Write a random instance on an N x N board instead of solving one
    #[arg(long, value_name = "N", conflicts_with_all = ["n", "input", "preset", "count"])]
    generate: Option<String>,
    /// With --generate: the number of preset queens
    #[arg(long, value_name = "M")]
    presets: Option<String>,
    /// With --generate: the random seed; without it, a fresh one, said on stderr
    #[arg(long, value_name = "S", value_parser = input::seed)]
    seed: Option<u64>,
    #[command(flatten)]
    rules: super::rules::RulesArgs,
}

pub fn run(args: Args) -> Result<Exit> {
    if let Some(n) = &args.generate {
        args.rules
            .refuse_with(true, "--generate (random instances of the classic board)")?;
        return generate(n, args.presets.as_deref(), args.seed);
    }
    for (given, name) in [
        (args.presets.is_some(), "--presets"),
        (args.seed.is_some(), "--seed"),
    ] {
        if given {
            return Err(bad(format!(
                "{name} goes with --generate N (a random instance); to place queens, give --preset SQUARES"
            )));
        }
    }
    let instance = instance(&args)?;
    if args.count {
        warn_if_hopeless(&instance);
    }
    let job = Job::start("completing", None);
    let (solution, completions) = if !args.rules.rules().is_classic() {
        complete_rules(&instance, args.rules, args.count, &job)?
    } else if args.count {
        job.relabel("counting completions");
        let c = job.check(complete::count(&instance, job.control()))?;
        (c.first, Some(c.count))
    } else {
        match job.check(complete::solve(&instance, job.control()))? {
            Outcome::Solved(p) => (Some(p), None),
            Outcome::Impossible => (None, None),
        }
    };
    drop(job);
    let mut out = Out::stdout();
    if args.format.is_json(args.json) {
        out.json_line(&record(&instance, solution.as_ref(), completions))?;
    } else {
        write_text(
            &mut out,
            &instance,
            solution.as_ref(),
            completions,
            args.rules.rules(),
        )?;
    }
    out.flush()?;
    Ok(Exit::yes_or_no(solution.is_some()))
}

/// The instance to complete: from `--input`, or N and `--preset`.
fn instance(args: &Args) -> Result<Instance> {
    match (&args.input, &args.n) {
        (Some(path), _) => read_instance(path),
        (None, Some(n)) => {
            let n = input::size(n, 1, complete::MAX_N).map_err(bad)?;
            let presets = Square::parse_list(&args.preset.join(" "))
                .map_err(|e| bad(format!("{e} (in --preset)")))?;
            Instance::with_presets(n, &presets).map_err(|e| bad(e.to_string()))
        }
        (None, None) => Err(bad(
            "missing board: give N (with --preset SQUARES), --input FILE or --generate N",
        )),
    }
}

/// Completion under other rules (`--torus`, `--piece`): the presets are checked under those
/// rules, then the search for any rules runs with their rows fixed.
fn complete_rules(
    instance: &Instance,
    rules: super::rules::RulesArgs,
    count: bool,
    job: &Job,
) -> Result<(Option<Placement>, Option<u128>)> {
    let flags = rules.flags();
    let (n, rules) = (instance.n(), rules.rules());
    if instance.excluded_count() > 0 {
        return Err(bad(format!(
            "{flags} does not go with excluded diagonals (a classic board)"
        )));
    }
    if let Some(c) = rules.first_attack(n, instance.presets()) {
        return Err(bad(format!(
            "the preset queens on {} and {} attack each other ({}) as {rules}",
            c.a, c.b, c.line
        )));
    }
    if rules.none_known(n) {
        return Ok((None, count.then_some(0)));
    }
    let mut fixed = vec![None; n];
    for s in instance.presets() {
        fixed[s.col as usize] = Some(s.row);
    }
    let board = job.check(queens::rules::search::RulesBoard::with_fixed(rules, fixed))?;
    let (mut first, mut total) = (None, 0u128);
    let result = board.each(job.control(), |rows| {
        total += 1;
        first.get_or_insert_with(|| rows.to_vec());
        match count {
            true => std::ops::ControlFlow::Continue(()),
            false => std::ops::ControlFlow::Break(()),
        }
    });
    job.check(result)?;
    let first = first.map(|rows| Placement::from_rows(rows).expect("rows on the board"));
    Ok((first, count.then_some(total)))
}

/// Counting completions enumerates them: past about 20 free columns there are too many to
/// list (20 queens alone have 39,029,188,884 solutions). Said before it starts.
fn warn_if_hopeless(instance: &Instance) {
    let free = instance.n() - instance.presets().len();
    if free > 20 {
        eprintln!(
            "queens: warning: counting the completions enumerates them, and {free} free columns may hold billions upon billions (the 20x20 board alone has 39,029,188,884 solutions): this may not end in reasonable time (Ctrl-C stops; without --count one completion comes at once)"
        );
    }
}

fn read_instance(path: &Path) -> Result<Instance> {
    let shown = input::shown(path);
    let text = input::lines::read_text(path, input::lines::MAX_INSTANCE)?;
    let file: InstanceFile = serde_json::from_str(&text).map_err(|e| {
        bad(format!(
            "bad instance file {shown}: {e} (expected {{\"n\":N,\"queens\":[[col,row],...]}})"
        ))
    })?;
    Instance::try_from(file).map_err(|e| bad(format!("{e} (in {shown})")))
}

fn generate(n: &str, presets: Option<&str>, seed: Option<u64>) -> Result<Exit> {
    let n = input::size(n, 1, complete::MAX_N).map_err(bad)?;
    let presets = presets.ok_or_else(|| bad("--generate needs --presets M"))?;
    let m = input::size(presets, 0, n).map_err(|_| {
        bad(format!(
            "bad --presets '{presets}': expected a number of queens from 0 to {n}"
        ))
    })?;
    let seed = input::seed_or_fresh(seed);
    let instance = complete::generate::generate(n, m, seed).map_err(|e| bad(e.to_string()))?;
    let mut out = Out::stdout();
    out.json_line(&instance.to_file())?;
    out.flush()?;
    Ok(Exit::Success)
}

fn record(
    instance: &Instance,
    solution: Option<&Placement>,
    completions: Option<u128>,
) -> Completion {
    Completion::of(instance.n(), solution, completions)
}

fn write_text(
    out: &mut impl Write,
    instance: &Instance,
    solution: Option<&Placement>,
    completions: Option<u128>,
    rules: queens::rules::Rules,
) -> std::io::Result<()> {
    let n = instance.n();
    let kept = instance.presets().len();
    if let Some(c) = completions {
        writeln!(out, "completions: {c}")?;
    }
    match solution {
        Some(p) => {
            writeln!(
                out,
                "solved: N = {n}, {kept} preset queen{} kept, {} placed",
                if kept == 1 { "" } else { "s" },
                n - kept
            )?;
            writeln!(out, "{}", p.perm())?;
            if n <= DIAGRAM_MAX {
                write!(out, "{}", p.diagram(DiagramStyle::Ascii))?;
            }
        }
        None => {
            let presets: Vec<String> = instance.presets().iter().map(|s| s.to_string()).collect();
            let with = if presets.is_empty() {
                "no preset queens".to_string()
            } else if presets.len() <= 12 {
                format!("preset {}", presets.join(" "))
            } else {
                format!("{} preset queens", presets.len())
            };
            writeln!(
                out,
                "impossible: the {n}x{n} board with {with}{} cannot be completed{}",
                match instance.excluded_count() {
                    0 => String::new(),
                    k => format!(" and {k} excluded diagonals"),
                },
                match (rules.is_classic(), rules.none_known(n)) {
                    (true, _) => String::new(),
                    (false, false) => format!(" with {rules}"),
                    (false, true) =>
                        format!(" with {rules} ({n} is divisible by 2 or 3: Pólya 1918)"),
                }
            )?;
        }
    }
    Ok(())
}
