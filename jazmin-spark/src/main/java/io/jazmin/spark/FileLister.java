package io.jazmin.spark;

import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files a read covers: each path given is a file, or a folder whose files matching
 * {@code pathGlobFilter} are taken (subfolders too with {@code recursiveFileLookup}), skipping names
 * starting with {@code _} or {@code .} (writers' temporary files, markers). Sorted by path, so the
 * first file, which gives the schema, is the same on every run. Local and mounted file systems only.
 */
final class FileLister {
    private FileLister() {
    }

    static List<Path> list(JazminOptions options) {
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + options.pathGlobFilter());
        List<Path> files = new ArrayList<>();
        for (String text : options.paths()) {
            Path path = toPath(text);
            if (Files.isDirectory(path)) {
                files.addAll(listFolder(path, glob, options.recursiveFileLookup()));
            } else if (Files.isRegularFile(path)) {
                files.add(path);
            } else {
                throw new JazminValidationException("no such file or folder: " + path);
            }
        }
        if (files.isEmpty()) {
            throw new JazminValidationException("no file matching '" + options.pathGlobFilter() + "' in " + options.paths());
        }
        return files.stream().distinct().sorted().toList();
    }

    private static List<Path> listFolder(Path folder, PathMatcher glob, boolean recursive) {
        try (Stream<Path> s = recursive ? Files.walk(folder) : Files.list(folder)) {
            return s.filter(p -> visible(folder, p) && Files.isRegularFile(p) && glob.matches(p.getFileName())).toList();
        } catch (IOException e) {
            throw new JazminIoException("list", folder, e);
        }
    }

    /** No part below the folder starts with {@code _} or {@code .}. */
    private static boolean visible(Path folder, Path file) {
        for (Path part : folder.relativize(file)) {
            String name = part.toString();
            if (name.startsWith("_") || name.startsWith(".")) {
                return false;
            }
        }
        return true;
    }

    /** A path option as a local path: a plain path or a {@code file:} URI. */
    static Path toPath(String text) {
        if (text.startsWith("file:")) {
            return Path.of(URI.create(text));
        }
        if (text.matches("^[a-zA-Z][a-zA-Z0-9+.-]+:.*")) {
            throw new JazminValidationException("only local paths are read for now, not " + text.replaceAll("\\?.*", ""));
        }
        return Path.of(text);
    }
}
