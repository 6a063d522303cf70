"""clinbench.stats: statistics over frozen results, pingouin-style (DataFrame in, DataFrame out).

Modules: ``proportions`` (Wilson interval), ``verdict`` (KILL / PROCEED / UNDERPOWERED),
``describe`` (means, t and bootstrap intervals, accuracy, pass and critical-error rates),
``compare`` (Kruskal-Wallis, Mann-Whitney, simple effects, McNemar, paired bootstrap),
``clustering`` (ICC(1,1), mixed model, case bootstrap, leave-one-case-out, co-occurrence),
``agreement`` (kappa, PABAK, Fleiss, diagnostic accuracy, ICC(2,1)), ``calibration``
(adjudicator-to-human delta map, sparse-cell rules, reweighting) and ``synthetic`` (results
tables for tests and benchmarks). Every random procedure takes an explicit ``seed``.
"""
