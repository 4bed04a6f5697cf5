//! The instruction sets the engines' fast paths are built for, and the proof that the CPU has
//! them (x86-64 only).
//!
//! A function built with `#[target_feature(enable = ...)]` may run only on a CPU that has every
//! feature it enables. Each set of features is written once, in `features_of!`: the macro
//! `enable!` puts that list on a function, and the token type of the same name is made only by
//! its `detect`, which finds every feature of the same list at run time. A fast path takes its
//! token as an argument, so the only way to call it is to have detected its features first,
//! and the compiler, not a comment, keeps that promise. This is the idea of the memchr crate's
//! x86-64 modules (a value that exists only once the CPU has been checked), written anew.
//!
//! A token of a larger set gives the tokens of the sets it contains (`Avx512::avx2`, ...);
//! each such step is checked at compile time by `narrows!`.

use std::arch::is_x86_feature_detected;

/// The features of each token, the only place they are written; calls `$then!` with the list
/// (string literals, in brackets) before `$args`.
macro_rules! features_of {
    (Bmi2, $then:ident! { $($args:tt)* }) => {
        $then! {["bmi2"] $($args)* }
    };
    (Bmi, $then:ident! { $($args:tt)* }) => {
        $then! {["popcnt", "bmi1", "bmi2"] $($args)* }
    };
    (Avx2, $then:ident! { $($args:tt)* }) => {
        $then! {["popcnt", "avx2", "bmi1", "bmi2"] $($args)* }
    };
    (Avx512, $then:ident! { $($args:tt)* }) => {
        $then! {["popcnt", "avx2", "bmi1", "bmi2", "avx512f"] $($args)* }
    };
    (Avx512Popcnt, $then:ident! { $($args:tt)* }) => {
        $then! {[
            "popcnt", "avx2", "bmi1", "bmi2", "avx512f", "avx512vl", "avx512vpopcntdq"
        ] $($args)* }
    };
}
pub(crate) use features_of;

/// `enable! { Token: fn ... }` builds the function for the features of `Token`, exactly those
/// its `detect` finds. The function should take the token as an argument: its callers then
/// cannot reach it without one.
macro_rules! enable {
    ($token:ident: $item:item) => {
        $crate::cpu::features_of! { $token, enable! { @apply $item } }
    };
    ([$($feature:tt),*] @apply $item:item) => {
        $(#[target_feature(enable = $feature)])*
        $item
    };
}
pub(crate) use enable;

/// Defines a token type: no value of it exists unless every feature of its list was found.
macro_rules! token {
    ([$($feature:tt),*] @list) => {
        &[$($feature),*]
    };
    ([$($feature:tt),*] @detect $name:ident) => {
        if true $(&& is_x86_feature_detected!($feature))* {
            Some($name(()))
        } else {
            None
        }
    };
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(());

        impl $name {
            /// The features, as written in the attribute of the functions built for them.
            pub const FEATURES: &'static [&'static str] = features_of! { $name, token! { @list } };

            /// The token, when the CPU has every one of [`Self::FEATURES`].
            pub fn detect() -> Option<$name> {
                features_of! { $name, token! { @detect $name } }
            }
        }
    };
}

/// Gives `$from` a method `$to_fn` returning the `$to` token, a compile error unless every
/// feature of `$to` is one of `$from`.
macro_rules! narrows {
    ($from:ident => $to:ident, $to_fn:ident) => {
        const _: () = assert!(
            covers($from::FEATURES, $to::FEATURES),
            concat!(stringify!($from), " lacks a feature of ", stringify!($to))
        );

        impl $from {
            #[doc = concat!("The [`", stringify!($to), "`] token: its features are among these.")]
            pub fn $to_fn(self) -> $to {
                $to(())
            }
        }
    };
}

/// Whether every string of `b` is in `a` (a `const fn`, for the checks of `narrows!`).
const fn covers(a: &[&str], b: &[&str]) -> bool {
    let mut i = 0;
    while i < b.len() {
        let mut found = false;
        let mut j = 0;
        while j < a.len() {
            found |= same(a[j], b[i]);
            j += 1;
        }
        if !found {
            return false;
        }
        i += 1;
    }
    true
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `pext` runs in one step: on every Intel CPU with BMI2, and AMD's from Zen 3
/// (family 19h) on; Zen 1 and 2 (and Hygon's Dhyana, a Zen 1) run it as microcode taking up
/// to hundreds of cycles, slower than a plain loop over the bits. Read once: CPUID may trap
/// to the hypervisor in a virtual machine.
pub fn pext_in_one_step() -> bool {
    static FAST: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
        use core::arch::x86_64::__cpuid;
        // SAFETY: CPUID leaves 0 and 1 exist on every x86-64 CPU (recent compilers count the
        // call as safe; the block keeps older ones content).
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
        let amd_or_hygon = matches!(
            (vendor.ebx, vendor.edx, vendor.ecx),
            (0x6874_7541, 0x6974_6E65, 0x444D_4163) | (0x6F67_7948, 0x6E65_476E, 0x656E_6975)
        );
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        !amd_or_hygon || family >= 0x19
    });
    *FAST
}

token! {
    /// BMI2 (`pext`): Intel from Haswell, AMD from Excavator.
    Bmi2
}

token! {
    /// The bit count and the bit-manipulation instructions (POPCNT, BMI1, BMI2). Some CPUs
    /// have BMI1 without BMI2 (AMD Piledriver, Steamroller, Jaguar): they get no token.
    Bmi
}

token! {
    /// AVX2 with POPCNT, BMI1 and BMI2 (Intel from Haswell, AMD from Excavator).
    Avx2
}

token! {
    /// [`Avx2`] and AVX-512 Foundation (Intel from Skylake-SP, AMD from Zen 4).
    Avx512
}

token! {
    /// [`Avx512`], its 256-bit forms (VL) and its vector bit count (VPOPCNTDQ): Intel from Ice
    /// Lake, AMD from Zen 4.
    Avx512Popcnt
}

narrows!(Bmi => Bmi2, bmi2);

impl Bmi2 {
    /// The bits of `x` at the set bits of `mask`, packed to the low end (`pext`): the one
    /// instruction the token's presence makes safe to run.
    #[inline(always)]
    pub fn pext(self, x: u64, mask: u64) -> u64 {
        // SAFETY: `_pext_u64` needs BMI2, and a `Bmi2` token exists only when the CPU has it.
        unsafe { core::arch::x86_64::_pext_u64(x, mask) }
    }
}
narrows!(Avx2 => Bmi, bmi);
narrows!(Avx512 => Avx2, avx2);
narrows!(Avx512Popcnt => Avx512, avx512);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_larger_token_comes_with_the_smaller_ones() {
        if Avx512Popcnt::detect().is_some() {
            assert!(Avx512::detect().is_some());
        }
        if Avx512::detect().is_some() {
            assert!(Avx2::detect().is_some());
        }
        if Avx2::detect().is_some() {
            assert!(Bmi::detect().is_some());
        }
        if Bmi::detect().is_some() {
            assert!(Bmi2::detect().is_some());
        }
        // BMI2 alone: detected by hand, against the token's own list.
        assert_eq!(Bmi2::FEATURES, ["bmi2"]);
        assert_eq!(Bmi2::detect().is_some(), is_x86_feature_detected!("bmi2"));
    }

    #[test]
    fn the_lists_nest_as_the_narrowing_steps_say() {
        assert!(covers(Avx512Popcnt::FEATURES, Avx2::FEATURES));
        assert!(!covers(Avx2::FEATURES, Avx512::FEATURES));
        assert!(!covers(Bmi2::FEATURES, Bmi::FEATURES));
        assert!(!same("bmi1", "bmi2") && same("avx2", "avx2"));
    }
}
