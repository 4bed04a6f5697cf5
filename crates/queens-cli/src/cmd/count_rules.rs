//! `queens count --torus` and `--piece superqueen`: the counts of the relatives. Superqueens
//! on the flat board keep its 8 symmetries (fundamental count and orbits as for queens); the
//! torus has 8N² (the board's 8, then a translation), and its classes are counted under them.

use super::rules::RulesArgs;
use crate::exit::{Exit, Result};
use crate::input::Sizes;
use crate::job::Job;
use crate::output::{millis, Out};
use queens::count::Counts;
use queens::record::RulesCount;
use queens::rules::{search::RulesBoard, torus};
use std::io::Write;

/// One count, whichever the board.
enum Counted {
    Flat(Counts),
    Torus(torus::TorusCount),
}

/// Counts every N of `sizes` under the rules of `rules`, on the threads of `pool`.
pub fn run(rules: RulesArgs, sizes: Sizes, json: bool, pool: &rayon::ThreadPool) -> Result<Exit> {
    let mut out = Out::stdout();
    let single = sizes.is_single();
    if !single && !json {
        let up_to = if rules.torus {
            "classes"
        } else {
            "fundamental"
        };
        writeln!(
            out,
            "{:>3} {:>22} {:>22} {:>10}",
            "N", "total", up_to, "seconds"
        )?;
        out.flush()?;
    }
    for n in sizes.from..=sizes.to {
        let job = Job::start(format!("counting N = {n} ({})", rules.rules()), None);
        job.units("parts");
        let counted = pool.install(|| count_one(rules, n, &job))?;
        let seconds = job.seconds();
        drop(job);
        if json {
            out.json_line(&record(rules, &counted, seconds))?;
        } else if single {
            write_single(&mut out, rules, &counted, seconds)?;
        } else {
            let r = record(rules, &counted, seconds);
            let up_to = r.fundamental;
            writeln!(
                out,
                "{:>3} {:>22} {:>22} {:>10.3}",
                n, r.total, up_to, seconds
            )?;
        }
        out.flush()?;
    }
    Ok(Exit::Success)
}

fn count_one(rules: RulesArgs, n: usize, job: &Job) -> Result<Counted> {
    let r = rules.rules();
    if r.torus {
        return Ok(Counted::Torus(job.check(torus::count(
            n,
            r.piece,
            job.control(),
        ))?));
    }
    let board = job.check(RulesBoard::new(n, r))?;
    Ok(Counted::Flat(job.check(board.count(job.control()))?))
}

fn record(rules: RulesArgs, counted: &Counted, seconds: f64) -> RulesCount {
    let r = rules.rules();
    let (n, total, fundamental, orbits, classes) = match counted {
        Counted::Flat(c) => {
            let orbits = Some(queens::count::record::Orbits(c.orbits()));
            (c.n, c.total, c.fundamental(), orbits, None)
        }
        Counted::Torus(t) => (t.n, t.total, t.classes, None, Some(t.classes)),
    };
    let symmetries = r.symmetries(n);
    RulesCount {
        n,
        piece: r.piece,
        torus: r.torus,
        total,
        fundamental,
        symmetries,
        orbits,
        classes,
        seconds: millis(seconds),
    }
}

fn write_single(out: &mut Out, rules: RulesArgs, c: &Counted, seconds: f64) -> Result<()> {
    match c {
        Counted::Flat(c) => {
            let label = format!(" ({})", rules.rules());
            super::counts::write_text(out, c, seconds, true, &label)?;
        }
        Counted::Torus(t) => {
            let n = t.n;
            writeln!(out, "N = {n} ({})", rules.rules())?;
            writeln!(out, "total:           {}", t.total)?;
            writeln!(
                out,
                "up to symmetry:  {} (the torus's {} symmetries: 8 rotations and reflections, \
                 each with {n}x{n} translations)",
                t.classes,
                8 * n * n
            )?;
            if t.total == 0 && n > 1 {
                writeln!(
                    out,
                    "why none:        {n} is divisible by 2 or 3 (Pólya 1918)"
                )?;
            }
            writeln!(out, "seconds:         {seconds:.3}")?;
        }
    }
    Ok(())
}
