package io.jazmin.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The entries of a JMH JSON result file ({@code -rf json}), times in milliseconds, for the reports. */
final class JmhResults {
    /**
     * One benchmark (one method and one set of parameters).
     *
     * @param method the method's simple name
     * @param params its {@code @Param} values
     * @param ms the score in ms per operation (AverageTime)
     * @param errorMs the 99.9 % error in ms, NaN when JMH gave none
     * @param secondary the profilers' scores by name ({@code gc.alloc.rate.norm}, {@code cpu.time.per.op})
     */
    record Entry(String method, Map<String, String> params, double ms, double errorMs, Map<String, Double> secondary) {
        /** A profiler's score, NaN when absent. */
        double metric(String name) {
            Double v = secondary.get(name);
            if (v == null) {
                v = secondary.get("·" + name); // JMH before 1.36 prefixed secondary metrics
            }
            return v == null ? Double.NaN : v;
        }

        /** Allocation per operation in bytes ({@code -prof gc}), NaN when not profiled. */
        double allocBytes() {
            return metric("gc.alloc.rate.norm");
        }
    }

    private JmhResults() {
    }

    static List<Entry> load(Path json) throws Exception {
        List<Entry> out = new ArrayList<>();
        for (JsonNode b : JacksonOps.MAPPER.readTree(json.toFile())) {
            String name = b.get("benchmark").asString();
            name = name.substring(name.lastIndexOf('.') + 1);
            JsonNode pm = b.get("primaryMetric");
            double scale = toMs(pm.get("scoreUnit").asString());
            double error = pm.get("scoreError").isNumber() ? pm.get("scoreError").asDouble() * scale : Double.NaN;
            Map<String, String> params = new LinkedHashMap<>();
            if (b.get("params") != null) {
                for (Map.Entry<String, JsonNode> p : b.get("params").properties()) {
                    params.put(p.getKey(), p.getValue().asString());
                }
            }
            Map<String, Double> secondary = new LinkedHashMap<>();
            if (b.get("secondaryMetrics") != null) {
                for (Map.Entry<String, JsonNode> m : b.get("secondaryMetrics").properties()) {
                    JsonNode score = m.getValue().get("score");
                    if (score != null && score.isNumber()) {
                        secondary.put(m.getKey(), score.asDouble());
                    }
                }
            }
            out.add(new Entry(name, params, pm.get("score").asDouble() * scale, error, secondary));
        }
        return out;
    }

    static double toMs(String unit) {
        return switch (unit) {
            case "s/op" -> 1000;
            case "ms/op" -> 1;
            case "us/op" -> 1e-3;
            case "ns/op" -> 1e-6;
            default -> throw new IllegalArgumentException("unit " + unit + " (run in AverageTime mode)");
        };
    }
}
