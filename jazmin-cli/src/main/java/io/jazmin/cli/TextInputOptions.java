package io.jazmin.cli;

import io.jazmin.convert.FloatOverflow;
import picocli.CommandLine.Option;

/** How values of JSON, JSON Lines, CSV and XML input are read, mixed into the commands that read such files. */
final class TextInputOptions {
    @Option(names = "--overflow-to-infinity",
            description = "text input: read float numbers beyond the double range (such as 1e400) as Infinity or "
                    + "-Infinity instead of refusing them (the texts \"Infinity\" and \"-Infinity\" are always accepted)")
    private boolean overflowToInfinity;

    /** What float numbers beyond the double range become. */
    FloatOverflow floatOverflow() {
        return overflowToInfinity ? FloatOverflow.INFINITY : FloatOverflow.REFUSE;
    }
}
