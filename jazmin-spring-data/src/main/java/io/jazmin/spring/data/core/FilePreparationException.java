package io.jazmin.spring.data.core;

import java.nio.file.Path;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * An entity's file could not be prepared (at startup, when its repository is created): it is
 * missing and may not be created, or it cannot be opened (wrong secret, lock held, damaged). Names
 * the file and which secret its definition gives, never the secret itself.
 */
public class FilePreparationException extends DataAccessResourceFailureException {
    private final String fileName;
    private final transient Path path;
    private final String location;
    private final String secret;

    /**
     * @param fileName the configured name of the file
     * @param path     its location
     * @param secret   which secret its definition gives: {@code "key"}, {@code "password"}, {@code "access-key"}
     *                 or {@code null}
     * @param message  what is wrong
     * @param cause    the failure of opening it, or {@code null}
     */
    public FilePreparationException(String fileName, Path path, String secret, String message, Throwable cause) {
        this(fileName, path, String.valueOf(path), secret, message, cause);
    }

    private FilePreparationException(String fileName, Path path, String location, String secret, String message,
                                     Throwable cause) {
        super(message, cause);
        this.fileName = fileName;
        this.path = path;
        this.location = location;
        this.secret = secret;
    }

    /**
     * The failure of preparing {@code file}: {@code problem} follows the file's name and path in the
     * message ({@code "does not exist; ..."}); a {@code null} cause means the file is missing.
     */
    public static FilePreparationException of(FileAccess file, String problem, Throwable cause) {
        JazminFileDefinition definition = file.definition();
        String secret = "none".equals(definition.secretKind()) ? null : definition.secretKind();
        return new FilePreparationException(file.name(), file.path(), definition.location(), secret,
                "file '" + file.name() + "' (" + definition.location() + ") " + problem, cause);
    }

    /** The configured name of the file. */
    public String getFileName() {
        return fileName;
    }

    /** The location of the file, or {@code null} for a file read by URL. */
    public Path getPath() {
        return path;
    }

    /** Where the file is, as messages show it: its path, or its URL without user info or query. */
    public String getLocation() {
        return location;
    }

    /**
     * Which secret the file's definition gives: {@code "key"}, {@code "password"}, {@code "access-key"} or
     * {@code null} for none.
     */
    public String getSecret() {
        return secret;
    }

    /** Whether the file was missing (rather than present but not openable). */
    public boolean isMissing() {
        return getCause() == null;
    }
}
