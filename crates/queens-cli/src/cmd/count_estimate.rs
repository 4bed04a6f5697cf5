//! What a count will cost, in words: the library's [`Outlook`] (a timed sample of parts or
//! choices, or the cost model; see [`queens::count::session`]) as one line on stderr before a
//! count, as the whole answer of `--estimate`, and as the refusal of a count of more than a
//! day without `--yes`.

use crate::exit::{bad, Failure};
use crate::job;
use crate::output::Out;
use queens::count::session::{EstimateRecord, Outlook, Source};
use std::io::Write;

/// `about 4 min 40 s`, `at least 3.0 days`, with the uncertainty.
fn amount(o: &Outlook, seconds: f64) -> String {
    let about = if o.at_least { "at least" } else { "about" };
    let error = match o.error {
        Some(e) if e >= 0.005 => format!(" (± {:.0} %)", 100.0 * e),
        _ => String::new(),
    };
    format!("{about} {}{error}", job::duration(seconds))
}

/// Where the figure comes from, in words.
fn basis(o: &Outlook) -> String {
    match &o.source {
        Source::Sample {
            parts,
            seed,
            seconds,
        } => format!("{parts} parts timed in {seconds:.1} s (seed {seed})"),
        Source::Choices {
            samples,
            seed,
            seconds,
        } => format!(
            "{samples} choices drawn by modelled cost and timed in {seconds:.1} s (seed {seed})"
        ),
        Source::Model => "the rough model of this machine's speed".into(),
    }
}

fn threads_word(threads: usize) -> &'static str {
    if threads == 1 {
        ""
    } else {
        "s"
    }
}

/// The one line said on stderr before a count.
pub fn line(o: &Outlook, what: &str, threads: usize) -> String {
    let memory = o
        .memory
        .map_or(String::new(), |m| format!(", memory at most {}", bytes(m)));
    format!(
        "estimate for {what}: {} on {threads} thread{}, {} of CPU time{memory}; from {}",
        amount(o, o.wall(threads)),
        threads_word(threads),
        job::duration(o.cpu),
        basis(o)
    )
}

/// The refusal of a count longer than a day, pointing to the ways to run it.
pub fn refusal(o: &Outlook, what: &str, threads: usize) -> Failure {
    bad(format!(
        "{what} would take {} on {threads} thread{} ({} of CPU time; from {}): give --yes to start it anyway, better with --checkpoint FILE so that it can be stopped and resumed, or split it over a cluster with --shard I/K --out FILE and queens merge (see examples/slurm)",
        amount(o, o.wall(threads)),
        threads_word(threads),
        job::duration(o.cpu),
        basis(o)
    ))
}

/// Bytes in binary units a person reads at a glance.
pub fn bytes(b: u64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut x = b as f64;
    let mut u = 0;
    while x >= 1024.0 && u + 1 < units.len() {
        x /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} bytes")
    } else {
        format!("{x:.0} {}", units[u])
    }
}

/// The answer of `--estimate`: labelled lines, or the library's record as one JSON object.
pub fn print(out: &mut Out, r: &EstimateRecord, o: &Outlook, json: bool) -> std::io::Result<()> {
    if json {
        return out.json_line(r);
    }
    writeln!(
        out,
        "N = {} ({} engine, {} parts, fingerprint {})",
        r.n, r.engine, r.parts, r.fingerprint
    )?;
    let of = match &r.shard {
        Some(share) => format!("share {share}"),
        None => "the whole count".into(),
    };
    let done = if r.done > 0 {
        format!(", {} done before", r.done)
    } else {
        String::new()
    };
    writeln!(out, "work:    {} parts to count, {of}{done}", r.work)?;
    writeln!(out, "cpu:     {} on one core", amount(o, o.cpu))?;
    let t = r.outlook.threads;
    writeln!(
        out,
        "wall:    {} on {t} thread{}",
        amount(o, o.wall(t)),
        threads_word(t)
    )?;
    if let Some(m) = o.memory {
        writeln!(out, "memory:  at most {}", bytes(m))?;
    }
    writeln!(out, "from:    {}", basis(o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::count::session::DAY;

    #[test]
    fn outlooks_read_at_a_glance() {
        let o = Outlook {
            cpu: 7200.0,
            error: Some(0.25),
            at_least: false,
            memory: Some(3 << 30),
            source: Source::Sample {
                parts: 32,
                seed: 1,
                seconds: 2.04,
            },
        };
        assert_eq!(
            line(&o, "N = 21", 2),
            "estimate for N = 21: about 1 h 00 min (± 25 %) on 2 threads, 2 h 00 min of CPU time, memory at most 3 GiB; from 32 parts timed in 2.0 s (seed 1)"
        );
        let long = Outlook {
            at_least: true,
            error: None,
            ..Outlook::model(3.0 * DAY, None)
        };
        let Failure::Bad(message) = refusal(&long, "counting N = 25", 1) else {
            panic!("a refusal is bad input");
        };
        assert!(message.contains("at least 3.0 days") && message.contains("--yes"));
        assert!(message.contains("--checkpoint") && message.contains("--shard"));
        assert_eq!(bytes(512), "512 bytes");
        assert_eq!(bytes(181_403_648), "173 MiB");
    }
}
