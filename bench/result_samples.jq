# jq: a series' samples as one object each, as hwbench-result/1 stored them, whichever schema
# the result file has (hwbench-result/2 keeps them as columns; docs/result-format.md).
#   jq -L bench 'include "result_samples"; .series[] | sample_objects[] | .wall_ns' run.json
# jq computes in doubles: counts and times above 2^53 lose digits here, not in the file.
def sample_objects:
  if (.samples | type) == "array" then .samples
  else
    .param_sets as $sets
    | .samples as $c
    | ($c.start_unix_ns | if type == "array" then [foreach .[] as $d (0; . + $d)] else null end) as $starts
    | def col($k; $i): $c[$k] | if type == "array" then .[$i] else . end;
    [range(0; $c.count) as $i
     | $sets[col("param_set"; $i)] as $set
     | {kernel: $set.kernel, params: $set.params,
        iteration: (if $c.iteration == null then $i + 1 else col("iteration"; $i) end),
        units: col("units"; $i), bytes: col("bytes"; $i), ops: col("ops"; $i), wall_ns: col("wall_ns"; $i),
        cpu: {usr_ns: col("usr_ns"; $i), sys_ns: col("sys_ns"; $i), cusr_ns: col("cusr_ns"; $i), csys_ns: col("csys_ns"; $i)},
        start_unix_ns: (if $starts == null then $c.start_unix_ns else $starts[$i] end),
        cold: col("cold"; $i), cpu_timed: col("cpu_timed"; $i), max_latency_ns: col("max_latency_ns"; $i),
        figure: (if $c.figure == null then null else $c.figure[$i] end)}]
  end;
