package io.jazmin.internal.reader;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder event for each version located by reading a file's preamble and trailer
 * ({@link VersionLocator}): not when a warm open takes it from {@link LocatedVersions}. Costs nothing
 * while no recording enables it; tests record it to check that a warm open reads neither.
 */
@Name("io.jazmin.VersionLocate")
@Label("Version Locate")
@Category("JAZMIN")
@Description("A file version's preamble and trailer read from the file")
@StackTrace(false)
final class VersionLocateEvent extends jdk.jfr.Event {
}
