package io.jazmin.viewer;

import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * A file the viewer shows: its name, where it is, the options (secret included) it is read with,
 * and how a request gets a reader of it. The secret is used on the server only: no answer of the
 * {@link Viewer} carries it.
 */
public interface ViewerFile {
    /** The name the viewer shows and requests select it by ({@code source} parameter). */
    String name();

    /** Where the file is: its facts, storage figures and grants are read from here. */
    Path path();

    /** The options the file is read with (its key, password or access key). */
    ReadOptions readOptions();

    /**
     * Runs {@code action} with an open reader of the file and returns its result; the reader may
     * not be kept beyond the call.
     */
    <R> R read(Function<JazminReader, R> action);

    /**
     * A file over one reader its caller opened (and closes after the viewer's last request), as
     * {@code jazmin view} has: every request reads the version that reader opened.
     *
     * @param name    the name shown
     * @param path    where {@code reader} was opened
     * @param options the options it was opened with
     * @param reader  the open reader
     */
    static ViewerFile of(String name, Path path, ReadOptions options, JazminReader reader) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(reader, "reader");
        return new ViewerFile() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Path path() {
                return path;
            }

            @Override
            public ReadOptions readOptions() {
                return options;
            }

            @Override
            public <R> R read(Function<JazminReader, R> action) {
                return action.apply(reader);
            }

            @Override
            public String toString() {
                return "ViewerFile[" + name + "]";
            }
        };
    }
}
