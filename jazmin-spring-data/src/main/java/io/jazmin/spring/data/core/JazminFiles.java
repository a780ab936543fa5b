package io.jazmin.spring.data.core;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/** The configured files by name; closes their readers on shutdown. */
public final class JazminFiles implements DisposableBean {
    private final Map<String, FileAccess> files = new LinkedHashMap<>();

    public JazminFiles(Collection<JazminFileDefinition> definitions) {
        for (JazminFileDefinition d : definitions) {
            if (files.put(d.name(), new FileAccess(d, this)) != null) {
                throw new IllegalArgumentException("file '" + d.name() + "' is defined twice");
            }
        }
    }

    /**
     * The file named {@code name}.
     *
     * @throws InvalidDataAccessApiUsageException when no file has that name
     */
    public FileAccess get(String name) {
        FileAccess file = files.get(name);
        if (file == null) {
            throw new InvalidDataAccessApiUsageException(
                    "no JAZMIN file named '" + name + "' is configured; configured: " + files.keySet());
        }
        return file;
    }

    public boolean contains(String name) {
        return files.containsKey(name);
    }

    /** All files in definition order. */
    public Collection<FileAccess> all() {
        return files.values();
    }

    /**
     * Opens readers for the files whose priority asks for it.
     *
     * @throws FilePreparationException naming the file when one cannot be opened (a wrong key, say)
     */
    public void warmUp() {
        for (FileAccess file : files.values()) {
            try {
                file.warmUp();
            } catch (RuntimeException e) {
                throw FilePreparationException.of(file, "cannot be opened: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void destroy() {
        files.values().forEach(FileAccess::close);
    }
}
