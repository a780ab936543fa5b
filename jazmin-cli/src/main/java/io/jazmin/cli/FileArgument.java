package io.jazmin.cli;

import io.jazmin.files.FileInput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * One {@code PATH=LOCALFILE} argument of {@code add-file} and {@code convert --add-file}: the path
 * inside the .jzm file and the local file whose bytes it stores.
 *
 * @param path  the embedded file's path
 * @param local the local file
 */
record FileArgument(String path, Path local) {
    private static final String DEFAULT_TYPE = "application/octet-stream";
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html"), Map.entry("htm", "text/html"), Map.entry("css", "text/css"),
            Map.entry("js", "text/javascript"), Map.entry("mjs", "text/javascript"),
            Map.entry("json", "application/json"), Map.entry("txt", "text/plain"), Map.entry("csv", "text/csv"),
            Map.entry("xml", "application/xml"), Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"), Map.entry("pdf", "application/pdf"),
            Map.entry("wasm", "application/wasm"), Map.entry("woff2", "font/woff2"));

    /** Parses {@code PATH=LOCALFILE}; anything else is a usage error. */
    static final class Converter implements ITypeConverter<FileArgument> {
        @Override
        public FileArgument convert(String value) {
            int eq = value.indexOf('=');
            if (eq <= 0 || eq == value.length() - 1) {
                throw new TypeConversionException("expected PATH=LOCALFILE, got '" + value + "'");
            }
            return new FileArgument(value.substring(0, eq), Path.of(value.substring(eq + 1)));
        }
    }

    /** The media type its path's extension implies, or {@code application/octet-stream}. */
    static String typeOf(String path) {
        int dot = path.lastIndexOf('.');
        String extension = dot < 0 ? "" : path.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(extension, DEFAULT_TYPE);
    }

    /** Usage error unless every local file is a readable regular file: checked before any input is read. */
    static void requireReadable(CommandSpec spec, List<FileArgument> files) {
        for (FileArgument f : files) {
            if (!Files.isRegularFile(f.local()) || !Files.isReadable(f.local())) {
                throw Usage.error(spec, "cannot read '" + f.local() + "' for embedded file '" + f.path() + "'");
            }
        }
    }

    /** The file to store, with {@code type} (or the one its extension implies) and {@code groups}. */
    FileInput input(String type, List<String> groups) {
        return FileInput.of(path, local, type == null ? typeOf(path) : type, groups);
    }
}
