/* A baseline for `queens solve N` (BENCHMARKS.md, "One solution for huge N"): the construction
 * of seed 001 written plainly in C. The list of step 2-6 is built in an array (evens, then odds,
 * then the few moves of steps 3, 5 and 6), and printed with a hand-made number formatter into a
 * large buffer. Build: cc -O3 -march=native -o explicit_baseline bench/explicit_baseline.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned *list;
static size_t len;

static void move_to_end(unsigned x) {
    for (size_t i = 0; i < len; i++) {
        if (list[i] == x) {
            memmove(list + i, list + i + 1, (len - i - 1) * sizeof *list);
            list[len - 1] = x;
            return;
        }
    }
}

static size_t find(unsigned x) {
    for (size_t i = 0; i < len; i++)
        if (list[i] == x) return i;
    return len;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: explicit_baseline N\n"); return 2; }
    unsigned long n = strtoul(argv[1], NULL, 10);
    unsigned long r = n % 12;
    list = malloc(n * sizeof *list);
    if (!list) return 1;
    for (unsigned long x = 2; x <= n; x += 2) list[len++] = (unsigned)x;
    if (r == 3 || r == 9) move_to_end(2);
    size_t odd = len;
    for (unsigned long x = 1; x <= n; x += 2) list[len++] = (unsigned)x;
    if (r == 8)
        for (size_t i = odd; i + 1 < len; i += 2) {
            unsigned t = list[i]; list[i] = list[i + 1]; list[i + 1] = t;
        }
    if (r == 2 && n >= 3) {
        size_t i = find(1), j = find(3);
        unsigned t = list[i]; list[i] = list[j]; list[j] = t;
        if (n >= 5) move_to_end(5);
    }
    if (r == 3 || r == 9) { move_to_end(1); move_to_end(3); }

    enum { BLOCK = 1 << 20 };
    static char out[BLOCK + 32];
    size_t at = 0;
    for (size_t i = 0; i < len; i++) {
        char digits[16];
        int k = 0;
        unsigned v = list[i];
        do { digits[k++] = (char)('0' + v % 10); v /= 10; } while (v);
        while (k) out[at++] = digits[--k];
        out[at++] = i + 1 < len ? ' ' : '\n';
        if (at >= BLOCK) { fwrite(out, 1, at, stdout); at = 0; }
    }
    fwrite(out, 1, at, stdout);
    return 0;
}
