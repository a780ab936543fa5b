package io.jazmin.internal.wire;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder event for each channel {@link ByteSource} opens on a local file: not when a
 * reader takes an idle one ({@link IdleChannels}). Costs nothing while no recording enables it; tests
 * record it to check that a warm open opens no file.
 */
@Name("io.jazmin.ChannelOpen")
@Label("Channel Open")
@Category("JAZMIN")
@Description("A local file opened for reading")
@StackTrace(false)
final class ChannelOpenEvent extends jdk.jfr.Event {
}
