//! What a count will cost, said before the work: from a timed sample of its parts
//! ([`queens::count::plan::Estimate`]) or, for counts far too long to sample quickly, from the
//! rough model of `count.rs`. Printed as one line on stderr before a count, as the whole
//! answer of `--estimate`, and turned into the refusal of a count of more than a day without
//! `--yes`.

use crate::exit::{bad, Failure};
use crate::job;
use crate::output::Out;
use queens::count::plan::Estimate;
use queens::count::quarters;
use serde::Serialize;
use std::io::Write;

/// A count estimated longer than this (wall seconds on its threads) asks for `--yes`.
pub const DAY: f64 = 86_400.0;

/// Where an outlook comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A timed sample of parts.
    Sample {
        parts: usize,
        seed: u64,
        seconds: f64,
    },
    /// A timed sample of choices, the engine's smaller units (quarters, long counts).
    Choices {
        samples: usize,
        seed: u64,
        seconds: f64,
    },
    /// The rough model (a sample would take too long).
    Model,
}

/// What a count will cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Outlook {
    /// CPU seconds on one core of this machine.
    pub cpu: f64,
    /// Relative uncertainty (0.2: plus or minus 20 %), if known.
    pub error: Option<f64>,
    /// `cpu` is a lower bound.
    pub at_least: bool,
    /// The most bytes of memory the engine holds, if known.
    pub memory: Option<u64>,
    pub source: Source,
}

impl Outlook {
    /// The outlook of a timed sample.
    pub fn of(est: &Estimate, memory: Option<u64>) -> Outlook {
        Outlook {
            cpu: est.cpu_seconds,
            error: est.error,
            at_least: est.at_least,
            memory,
            source: Source::Sample {
                parts: est.sampled,
                seed: est.seed,
                seconds: est.sample_seconds,
            },
        }
    }

    /// The outlook of a timed sample of the quarters engine's choices, for `share` of the
    /// whole work (by cost).
    pub fn of_choices(est: &quarters::Estimate, share: f64, memory: Option<u64>) -> Outlook {
        Outlook {
            cpu: est.cpu_seconds * share,
            // About 95 %: twice the standard error.
            error: Some(2.0 * est.standard_error / est.cpu_seconds.max(f64::MIN_POSITIVE)),
            at_least: false,
            memory,
            source: Source::Choices {
                samples: est.samples,
                seed: est.seed,
                seconds: est.sample_seconds,
            },
        }
    }

    /// The outlook of the rough model.
    pub fn model(cpu: f64, memory: Option<u64>) -> Outlook {
        Outlook {
            cpu,
            error: None,
            at_least: false,
            memory,
            source: Source::Model,
        }
    }

    /// Wall seconds on `threads` threads.
    pub fn wall(&self, threads: usize) -> f64 {
        self.cpu / threads.max(1) as f64
    }

    /// `about 4 min 40 s`, `at least 3.0 days`, with the uncertainty.
    fn amount(&self, seconds: f64) -> String {
        let about = if self.at_least { "at least" } else { "about" };
        let error = match self.error {
            Some(e) if e >= 0.005 => format!(" (± {:.0} %)", 100.0 * e),
            _ => String::new(),
        };
        format!("{about} {}{error}", job::duration(seconds))
    }

    /// Where the figure comes from, in words.
    fn basis(&self) -> String {
        match &self.source {
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

    /// The one line said on stderr before a count.
    pub fn line(&self, what: &str, threads: usize) -> String {
        let memory = self
            .memory
            .map_or(String::new(), |m| format!(", memory at most {}", bytes(m)));
        format!(
            "estimate for {what}: {} on {threads} thread{}, {} of CPU time{memory}; from {}",
            self.amount(self.wall(threads)),
            if threads == 1 { "" } else { "s" },
            job::duration(self.cpu),
            self.basis()
        )
    }

    /// The refusal of a count longer than a day, pointing to the ways to run it.
    pub fn refusal(&self, what: &str, threads: usize) -> Failure {
        bad(format!(
            "{what} would take {} on {threads} thread{} ({} of CPU time; from {}): give --yes to start it anyway, better with --checkpoint FILE so that it can be stopped and resumed, or split it over a cluster with --shard I/K --out FILE and queens merge (see examples/slurm)",
            self.amount(self.wall(threads)),
            if threads == 1 { "" } else { "s" },
            job::duration(self.cpu),
            self.basis()
        ))
    }
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

/// What `--estimate` is about: the plan and the work.
pub struct Scope {
    pub n: usize,
    pub engine: &'static str,
    pub parts: usize,
    pub fingerprint: String,
    /// The parts to count: all, a share, or those a checkpoint lacks.
    pub work: usize,
    pub share: Option<String>,
    pub done: usize,
    pub threads: usize,
}

#[derive(Serialize)]
struct Record<'a> {
    n: usize,
    engine: &'a str,
    parts: usize,
    fingerprint: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<&'a str>,
    done: usize,
    work: usize,
    cpu_seconds: f64,
    error: Option<f64>,
    at_least: bool,
    threads: usize,
    wall_seconds: f64,
    memory_bytes: Option<u64>,
    source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    sample: Option<SampleRecord>,
}

#[derive(Serialize)]
struct SampleRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    parts: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    choices: Option<usize>,
    seed: u64,
    seconds: f64,
}

/// The answer of `--estimate`: labelled lines, or one JSON object.
pub fn print(out: &mut Out, scope: &Scope, o: &Outlook, json: bool) -> std::io::Result<()> {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    if json {
        let sample = match &o.source {
            Source::Sample {
                parts,
                seed,
                seconds,
            } => Some(SampleRecord {
                parts: Some(*parts),
                choices: None,
                seed: *seed,
                seconds: round(*seconds),
            }),
            Source::Choices {
                samples,
                seed,
                seconds,
            } => Some(SampleRecord {
                parts: None,
                choices: Some(*samples),
                seed: *seed,
                seconds: round(*seconds),
            }),
            Source::Model => None,
        };
        return out.json_line(&Record {
            n: scope.n,
            engine: scope.engine,
            parts: scope.parts,
            fingerprint: &scope.fingerprint,
            shard: scope.share.as_deref(),
            done: scope.done,
            work: scope.work,
            cpu_seconds: round(o.cpu),
            error: o.error.map(|e| (e * 1000.0).round() / 1000.0),
            at_least: o.at_least,
            threads: scope.threads,
            wall_seconds: round(o.wall(scope.threads)),
            memory_bytes: o.memory,
            source: if sample.is_some() { "sample" } else { "model" },
            sample,
        });
    }
    let s = scope;
    writeln!(
        out,
        "N = {} ({} engine, {} parts, fingerprint {})",
        s.n, s.engine, s.parts, s.fingerprint
    )?;
    let of = match &s.share {
        Some(share) => format!("share {share}"),
        None => "the whole count".into(),
    };
    let done = if s.done > 0 {
        format!(", {} done before", s.done)
    } else {
        String::new()
    };
    writeln!(out, "work:    {} parts to count, {of}{done}", s.work)?;
    writeln!(out, "cpu:     {} on one core", o.amount(o.cpu))?;
    let t = s.threads;
    writeln!(
        out,
        "wall:    {} on {t} thread{}",
        o.amount(o.wall(t)),
        if t == 1 { "" } else { "s" }
    )?;
    if let Some(m) = o.memory {
        writeln!(out, "memory:  at most {}", bytes(m))?;
    }
    writeln!(out, "from:    {}", o.basis())
}

#[cfg(test)]
mod tests {
    use super::*;

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
            o.line("N = 21", 2),
            "estimate for N = 21: about 1 h 00 min (± 25 %) on 2 threads, 2 h 00 min of CPU time, memory at most 3 GiB; from 32 parts timed in 2.0 s (seed 1)"
        );
        let long = Outlook {
            at_least: true,
            error: None,
            ..Outlook::model(3.0 * DAY, None)
        };
        let Failure::Bad(message) = long.refusal("counting N = 25", 1) else {
            panic!("a refusal is bad input");
        };
        assert!(message.contains("at least 3.0 days") && message.contains("--yes"));
        assert!(message.contains("--checkpoint") && message.contains("--shard"));
        assert_eq!(bytes(512), "512 bytes");
        assert_eq!(bytes(181_403_648), "173 MiB");
    }
}
