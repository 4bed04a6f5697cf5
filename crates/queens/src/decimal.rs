//! The one fast decimal writer: whole numbers as ASCII digits, two at a time
//! from a table of the pairs 00 to 99 (the method of the `itoa` family of writers and of
//! Knuth's "Art of Computer Programming", vol. 2, 4.4, conversion by division by a power of the
//! radix), straight into the caller's buffer. The command line writes a million rows of
//! `queens solve` with it, and [`crate::tour::write`] a tour's squares and numbers.

/// The decimal digits of 00 to 99.
const PAIRS: [u8; 200] = {
    let mut pairs = [0; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

/// Writes `v` in decimal at the start of `to` (at least 10 bytes) and returns its length: two
/// digits at a time from the right, straight into the block (a call to a formatter and a copy
/// per number cost twice as much as the whole loop).
#[inline(always)]
pub fn write_decimal(to: &mut [u8], v: u32) -> usize {
    // The length by independent comparisons (a chain of steps in `ilog10` costs more here).
    let len = 1 + [
        10,
        100,
        1_000,
        10_000,
        100_000,
        1_000_000,
        10_000_000,
        100_000_000,
        1_000_000_000,
    ]
    .iter()
    .map(|&power| usize::from(v >= power))
    .sum::<usize>();
    let pair = |p: u32| {
        let p = p as usize * 2;
        [PAIRS[p], PAIRS[p + 1]]
    };
    // The last four digits apart from the rest: two short chains of divisions, not one long.
    let (mut high, mut end) = (v, len);
    if len > 4 {
        let low = v % 10_000;
        to[len - 4..len - 2].copy_from_slice(&pair(low / 100));
        to[len - 2..len].copy_from_slice(&pair(low % 100));
        high = v / 10_000;
        end = len - 4;
    }
    while high >= 100 {
        to[end - 2..end].copy_from_slice(&pair(high % 100));
        end -= 2;
        high /= 100;
    }
    if high >= 10 {
        to[end - 2..end].copy_from_slice(&pair(high));
    } else {
        to[end - 1] = b'0' + high as u8;
    }
    len
}

/// Appends `v` in decimal to `buf`.
pub fn push_decimal(buf: &mut Vec<u8>, v: u32) {
    let mut digits = [0u8; 10];
    let len = write_decimal(&mut digits, v);
    buf.extend_from_slice(&digits[..len]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_of_every_length() {
        let mut to = [0u8; 11];
        for v in [
            0,
            1,
            9,
            10,
            42,
            99,
            100,
            101,
            999,
            1000,
            65535,
            1_000_000_007,
            u32::MAX,
        ] {
            let len = write_decimal(&mut to, v);
            assert_eq!(&to[..len], v.to_string().as_bytes());
        }
        for v in (0..2_000_000).step_by(7) {
            let len = write_decimal(&mut to, v);
            assert_eq!(
                std::str::from_utf8(&to[..len]).unwrap().parse::<u32>(),
                Ok(v)
            );
        }
    }

    #[test]
    fn pushed_decimals_follow_each_other() {
        let mut buf = Vec::new();
        for v in [0, 7, 10, 4_000_000_000] {
            push_decimal(&mut buf, v);
            buf.push(b' ');
        }
        assert_eq!(buf, b"0 7 10 4000000000 ");
    }
}
