package io.jazmin.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/**
 * One in-process run of the {@code jazmin} command with captured output.
 *
 * @param code the exit code
 * @param out  what was printed on stdout
 * @param err  what was printed on stderr
 */
record CliRun(int code, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = JazminCommand.commandLine(new PrintWriter(out), new PrintWriter(err)).execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** A run seeing exactly the environment variables {@code env} (a JVM cannot set its own). */
    static CliRun withEnv(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = JazminCommand.commandLine(new PrintWriter(out), new PrintWriter(err), env::get).execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
