package io.jazmin.internal.table;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder event for each partition whose chunk directory segments a {@link TableLayout}
 * lays out (reads, or takes decoded from the shared cache, and checks), on the thread that needs
 * them. Costs nothing while no recording enables it; tests record it to check that an append does
 * not lay out the segments of every earlier append.
 */
@Name("io.jazmin.DirectoryLayout")
@Label("Directory Segments Laid Out")
@Category("JAZMIN")
@Description("A partition's chunk directory segments laid out")
@StackTrace(false)
final class DirectoryLayoutEvent extends jdk.jfr.Event {
    @Label("Table")
    String table;

    @Label("Segments")
    int segments;

    DirectoryLayoutEvent(String table, int segments) {
        this.table = table;
        this.segments = segments;
    }
}
