package io.jazmin.spark.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the report says about the machine, from {@code /proc} where it is there (Linux). */
final class Machine {
    private Machine() {
    }

    /** The 1, 5 and 15 minute load averages, or "n/a". */
    static String loadAverage() {
        List<String> lines = lines("/proc/loadavg");
        if (lines.isEmpty()) {
            return "n/a";
        }
        String[] parts = lines.get(0).split("\\s+");
        return parts.length < 3 ? "n/a" : parts[0] + ", " + parts[1] + ", " + parts[2];
    }

    /** CPU model, cores, memory, OS and JVM on one line. */
    static String describe() {
        String cpu = lines("/proc/cpuinfo").stream().filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(System.getProperty("os.arch"));
        String memory = lines("/proc/meminfo").stream().filter(l -> l.startsWith("MemTotal:"))
                .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / (1024 * 1024) + " GiB RAM").findFirst().orElse("RAM n/a");
        return cpu + ", " + Runtime.getRuntime().availableProcessors() + " cores, " + memory + ", "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + ", Java "
                + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vm.name") + "), max heap "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB";
    }

    private static List<String> lines(String path) {
        try {
            return Files.readAllLines(Path.of(path));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
