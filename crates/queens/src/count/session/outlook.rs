//! What a count will cost, known before the work: from a timed sample of its parts
//! ([`crate::count::plan::Estimate`]), of the quarters engine's choices
//! ([`crate::count::quarters::Estimate`]), or from the cost model ([`super::model`]) when a
//! sample would take too long or the counter has no parts. The same record is said before a
//! count on the command line, printed by `--estimate` and sent to the web page before its
//! count starts.

use crate::count::plan::Estimate;
use crate::count::quarters;
use serde::Serialize;

/// A count estimated longer than this (wall seconds on its threads) asks for consent.
pub const DAY: f64 = 86_400.0;

/// Where an outlook comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A timed sample of parts.
    Sample {
        /// The parts timed.
        parts: usize,
        /// The seed of the draw.
        seed: u64,
        /// The wall seconds the sample took.
        seconds: f64,
    },
    /// A timed sample of choices, the quarters engine's smaller units (long counts).
    Choices {
        /// The choices timed.
        samples: usize,
        /// The seed of the draw.
        seed: u64,
        /// The CPU seconds the sample took.
        seconds: f64,
    },
    /// The cost model (a sample would take too long, or there are no parts to time).
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
    /// Where the figure comes from.
    pub source: Source,
}

impl Outlook {
    /// The outlook of a timed sample of parts.
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

    /// The outlook of the cost model.
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

    /// Whether a count of this outlook ends within `seconds` of wall time on `threads`
    /// threads: what a server with a time limit asks before it starts a count (a forecast,
    /// so a count just past the limit by the forecast may in truth have ended within it).
    pub fn ends_within(&self, threads: usize, seconds: f64) -> bool {
        self.wall(threads) <= seconds
    }

    /// Whether a count of this outlook should start only when asked to: more than a
    /// [`DAY`] on `threads` threads.
    pub fn needs_consent(&self, threads: usize) -> bool {
        self.wall(threads) > DAY
    }

    /// The record of this outlook on `threads` threads (figures to the millisecond).
    pub fn record(&self, threads: usize) -> OutlookRecord {
        let sample = match &self.source {
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
        OutlookRecord {
            cpu_seconds: round(self.cpu),
            error: self.error.map(round),
            at_least: self.at_least,
            threads,
            wall_seconds: round(self.wall(threads)),
            memory_bytes: self.memory,
            source: if sample.is_some() { "sample" } else { "model" },
            sample,
        }
    }
}

/// Thousandths.
fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// An outlook as it is written: `{"cpu_seconds", "error", "at_least", "threads",
/// "wall_seconds", "memory_bytes", "source", "sample"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutlookRecord {
    /// CPU seconds on one core.
    pub cpu_seconds: f64,
    /// Relative uncertainty, if known.
    pub error: Option<f64>,
    /// `cpu_seconds` is a lower bound.
    pub at_least: bool,
    /// The threads of the count.
    pub threads: usize,
    /// Wall seconds on those threads.
    pub wall_seconds: f64,
    /// The most bytes of memory the engine holds, if known.
    pub memory_bytes: Option<u64>,
    /// `sample` or `model`.
    pub source: &'static str,
    /// The sample, if the figure comes from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample: Option<SampleRecord>,
}

/// A timed sample as it is written: parts or choices, seed and seconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SampleRecord {
    /// The parts timed (a sample of parts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<usize>,
    /// The choices timed (a sample of choices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<usize>,
    /// The seed of the draw.
    pub seed: u64,
    /// The seconds the sample took.
    pub seconds: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_ends_within_a_limit_by_its_wall_time_on_its_threads() {
        let o = Outlook::model(170.0, None);
        assert!(!o.ends_within(2, 60.0), "85 s of wall on 2 threads");
        assert!(o.ends_within(4, 60.0), "42.5 s on 4");
        assert!(o.ends_within(1, 170.0), "the limit itself is within");
        assert!(!o.ends_within(0, 169.9), "no threads counts as one");
    }

    #[test]
    fn an_outlook_is_recorded_to_the_millisecond_and_says_its_source() {
        let o = Outlook {
            cpu: 7200.0004,
            error: Some(0.25),
            at_least: false,
            memory: Some(3 << 30),
            source: Source::Sample {
                parts: 32,
                seed: 1,
                seconds: 2.0409,
            },
        };
        assert_eq!(
            serde_json::to_string(&o.record(2)).unwrap(),
            r#"{"cpu_seconds":7200.0,"error":0.25,"at_least":false,"threads":2,"wall_seconds":3600.0,"memory_bytes":3221225472,"source":"sample","sample":{"parts":32,"seed":1,"seconds":2.041}}"#
        );
        let model = Outlook::model(3.0 * DAY, None);
        assert!(model.needs_consent(2) && !model.needs_consent(3));
        assert_eq!(
            serde_json::to_string(&model.record(1)).unwrap(),
            r#"{"cpu_seconds":259200.0,"error":null,"at_least":false,"threads":1,"wall_seconds":259200.0,"memory_bytes":null,"source":"model"}"#
        );
    }
}
