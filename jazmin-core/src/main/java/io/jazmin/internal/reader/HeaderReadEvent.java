package io.jazmin.internal.reader;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder event for each header of a plain, key or password file read and decoded
 * from the file ({@link FileOpener}): not when taken from the shared cache or from the version this
 * process's last append left. Costs nothing while no recording enables it; tests record it to check
 * that an append does not decode the header again.
 */
@Name("io.jazmin.HeaderRead")
@Label("Header Read")
@Category("JAZMIN")
@Description("A file version's header read from the file and decoded")
@StackTrace(false)
final class HeaderReadEvent extends jdk.jfr.Event {
    @Label("Stored Length")
    @DataAmount
    long length;

    HeaderReadEvent(long length) {
        this.length = length;
    }
}
