-- The eight queens as one recursive SQL statement: seed 001's Oracle program, in SQLite.
--
-- The board has four kinds of resources: files, ranks and the two kinds of diagonals. Every
-- queen uses one of each, kept as bit sets in integers; the next queen goes on a square whose
-- four resources are all still free.
--
-- From Oracle to SQLite, line by line:
--   * `select level - 1 as K from dual connect by level <= &&D` (the numbers 0..D-1) becomes
--     the recursive table T1;
--   * `power(2, k)` becomes `1 << k` (the same integer);
--   * `bitand(a, b) = 0` becomes `(a & b) = 0`;
--   * `chr(a.K + 97) || to_char(b.K + 1)` (the square's name, a1) becomes
--     `char(a.K + 97) || (b.K + 1)`;
--   * the substitution variable &D becomes the bound parameter :d;
--   * `order by 2 desc` in the recursive part: SQLite then takes the deepest placement from its
--     queue first (depth first, as a backtracker goes), so solutions come out as they are found
--     and the queue stays small; without it the queue goes level by level and the first
--     solution comes only at the end. The rows are the same, in another order.
-- Nothing else changes: the same tables, columns, joins and conditions.
with recursive
  -- T1: the numbers 0 .. D-1.
  T1 (K) as (select 0 union all select K + 1 from T1 where K + 1 < :d)
  -- T2: every square: its number N (file-major), the level L of a single queen, its file bit
  -- X, rank bit Y, diagonal bit D1 (file - rank), anti-diagonal bit D2 (file + rank), name NL.
, T2 (N, L, X, Y, D1, D2, NL)
  as (select a.K * :d + b.K, 0
           , 1 << a.K, 1 << b.K, 1 << (a.K - b.K + :d - 1)
           , 1 << (a.K + b.K), char(a.K + 97) || (b.K + 1)
      from T1 a, T1 b)
  -- T3: the placements so far: the last square RN, the level RL (queens - 1), the resources
  -- used RX, RY, RD1, RD2, and the squares' names RNL. A new queen must come on a later
  -- square (N > RN: each set is built once, file by file) whose resources are all free.
, T3 (RN, RL, RX, RY, RD1, RD2, RNL)
  as (select * from T2 union all
      select N, RL + 1, RX + X, RY + Y, RD1 + D1, RD2 + D2, RNL || ' ' || NL
      from T2, T3
      where (RX & X) = 0 and (RY & Y) = 0
        and (RD1 & D1) = 0 and (RD2 & D2) = 0 and N > RN
      order by 2 desc
     )
select RNL from T3 where RL = :d - 1;
