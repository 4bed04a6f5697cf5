//! A hint to the processor: bring an element of a slice into the level-1 cache ahead of its
//! use, so that the load that needs it later does not wait for memory. The hash tables of the
//! knight's frontier programme and the conflict counts of the min-conflicts search look up
//! addresses they can compute a step early; on x86-64 this is the `prefetcht0` instruction
//! (`_mm_prefetch` with `_MM_HINT_T0`), elsewhere nothing. A hint never changes a result.

/// Asks the processor to bring `slice[i]` into the cache; an index past the end is ignored.
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = slice.get(i) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: prefetching is a hint that never faults, and the address is in the slice.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, i);
}
