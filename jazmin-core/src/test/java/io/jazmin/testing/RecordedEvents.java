package io.jazmin.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The engine's Flight Recorder events ({@code io.jazmin.*}) an action commits on the calling thread:
 * what tests check the engine's work with (headers read, directory segments laid out) without a
 * counter in production code; other threads' events (tests running beside it) are left out.
 */
public final class RecordedEvents {
    private RecordedEvents() {
    }

    /** The events named {@code eventName} that {@code action} commits on this thread, in order. */
    public static List<RecordedEvent> of(String eventName, Runnable action) {
        long thread = Thread.currentThread().getId();
        Path dump = null;
        try (Recording recording = new Recording()) {
            recording.enable(eventName);
            recording.start();
            action.run();
            recording.stop();
            dump = Files.createTempFile("jazmin-events", ".jfr");
            recording.dump(dump);
            return RecordingFile.readAllEvents(dump).stream()
                    .filter(e -> e.getEventType().getName().equals(eventName))
                    .filter(e -> e.getThread() != null && e.getThread().getJavaThreadId() == thread)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dump != null) {
                try {
                    Files.deleteIfExists(dump);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }
}
