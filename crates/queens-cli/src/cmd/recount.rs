//! `--recount S|P%` of `queens merge` and of `queens count --checkpoint`: a random sample of
//! the parts a shard or a checkpoint claims, counted again by the library's spot check
//! ([`queens::count::plan::recount`]), and the lines that say what was recounted and what a
//! forged file's chance of passing was.

use crate::exit::Result;
use crate::job::Job;
use queens::count::plan::{spot_check, Plan, SampleSize, SpotCheck, Wrong};

/// The one parser of `--recount`: a number of parts (0: none), or a percentage of them.
pub fn size(text: &str) -> std::result::Result<SampleSize, String> {
    let fail = || {
        format!(
            "bad sample size '{text}': expected a number of parts (0 for none) or a percentage of the parts above 0% and at most 100%, like 20 or 1%"
        )
    };
    let t = text.trim();
    if let Some(p) = t.strip_suffix('%') {
        let digits = !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || c == '.');
        return match p.parse::<f64>() {
            Ok(p) if digits && p > 0.0 && p <= 100.0 => Ok(SampleSize::Percent(p)),
            _ => Err(fail()),
        };
    }
    let digits = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    match t.parse::<usize>() {
        Ok(s) if digits => Ok(SampleSize::Parts(s)),
        _ => Err(fail()),
    }
}

/// Whether `size` recounts nothing.
pub fn is_none(size: SampleSize) -> bool {
    size == SampleSize::Parts(0)
}

/// Recounts a sample of each of `claims` (drawn from `seed`) on the threads of `pool`, under
/// `job` (its progress line, relabelled `label`; Ctrl-C stops it, exit 130).
pub fn run(
    plan: &Plan,
    claims: &[&[(usize, u128)]],
    (size, seed): (SampleSize, u64),
    (job, label): (&Job, String),
    pool: &rayon::ThreadPool,
) -> Result<Vec<SpotCheck>> {
    job.relabel(label);
    job.units("parts");
    let checks = pool.install(|| spot_check(plan, claims, size, seed, job.control()));
    job.check(checks)
}

/// What a recount found wrong, after the name of the file: `claims 248654 for part 102, a
/// recount gives 248646`.
pub fn wrong(w: &Wrong, verb: &str) -> String {
    match w.recounted {
        Some(r) => format!(
            "{verb} {} for part {}, a recount gives {r}",
            w.claimed, w.part
        ),
        None => format!(
            "{verb} part {}, which the list of parts does not have",
            w.part
        ),
    }
}

/// The line of a check that found nothing wrong: what was recounted of `what`, and the most
/// probability with which a `kind` with k forged parts passes such a check.
pub fn passed(check: &SpotCheck, what: &str, kind: &str, agreed: &str, seed: u64) -> String {
    let (s, m) = (check.recounted.len(), check.claimed);
    if m == 0 {
        return format!("{what} holds no part: nothing to recount");
    }
    if s == m {
        return format!(
            "recounted all {m} parts of {what} (seed {seed}), all {agreed}: no forged part can pass"
        );
    }
    format!(
        "recounted {s} of {m} parts of {what} (seed {seed}), all {agreed}: a {kind} with k forged parts passes such a check with probability at most {}^k",
        upper(check.pass_base())
    )
}

/// `x` in (0, 1) rounded up to the fewest decimals (4 or more) that keep it below 1, so that
/// the bound printed is never below the true one.
fn upper(x: f64) -> String {
    for decimals in 4..=12 {
        let scale = 10f64.powi(decimals);
        let up = (x * scale).ceil() / scale;
        if up < 1.0 || decimals == 12 {
            return format!("{up:.*}", decimals as usize);
        }
    }
    format!("{x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_parts_or_percentages() {
        assert_eq!(size("20"), Ok(SampleSize::Parts(20)));
        assert_eq!(size("0"), Ok(SampleSize::Parts(0)));
        assert_eq!(size("1%"), Ok(SampleSize::Percent(1.0)));
        assert_eq!(size("0.5%"), Ok(SampleSize::Percent(0.5)));
        assert_eq!(size("100%"), Ok(SampleSize::Percent(100.0)));
        for bad in [
            "", "%", "0%", "101%", "-1", "1e3", "x", "5 %", "-5%", "inf%",
        ] {
            let e = size(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")) && e.contains("1%"), "{e}");
        }
    }

    #[test]
    fn the_bound_printed_is_never_below_the_true_one() {
        for (x, shown) in [
            (0.989_495_798, "0.9895"),
            (0.5, "0.5000"),
            (0.999_982_56, "0.99999"),
        ] {
            assert_eq!(upper(x), shown);
            assert!(shown.parse::<f64>().unwrap() >= x);
        }
        let check = SpotCheck {
            claimed: 1904,
            recounted: (0..20).collect(),
            wrong: None,
        };
        let line = passed(&check, "share 3/64 ('s3.json')", "share", "as claimed", 7);
        assert!(
            line.contains("recounted 20 of 1904 parts of share 3/64")
                && line.contains("seed 7")
                && line.contains("at most 0.9895^k"),
            "{line}"
        );
    }
}
