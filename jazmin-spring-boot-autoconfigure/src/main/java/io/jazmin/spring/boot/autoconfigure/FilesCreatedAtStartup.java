package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.spring.data.core.FileAccess;
import io.jazmin.spring.data.core.JazminFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Undoes the create-if-missing files a failed start created: repositories create them empty while
 * the context starts, and a start that fails later must leave nothing on disk. Files that got rows
 * meanwhile are kept.
 */
final class FilesCreatedAtStartup implements ApplicationListener<ContextRefreshedEvent>, ApplicationContextAware,
        DisposableBean {
    private static final Log log = LogFactory.getLog(FilesCreatedAtStartup.class);

    /** The create-if-missing files that did not exist before the start. */
    private final List<FileAccess> absent;
    private ApplicationContext context;
    private volatile boolean started;

    FilesCreatedAtStartup(JazminFiles files) {
        this.absent = files.all().stream().filter(f -> f.definition().createIfMissing() && !f.exists()).toList();
    }

    @Override
    public void setApplicationContext(ApplicationContext context) {
        this.context = context;
    }

    @Override
    public void onApplicationEvent(ContextRefreshedEvent event) {
        if (event.getApplicationContext() == context) {
            started = true;
        }
    }

    @Override
    public void destroy() {
        if (started) {
            return;
        }
        for (FileAccess file : absent) {
            if (file.exists() && isEmpty(file)) {
                try {
                    Files.deleteIfExists(file.path());
                } catch (IOException e) {
                    log.warn("cannot delete JAZMIN file '" + file.name() + "' (" + file.path()
                            + ") created by the failed start", e);
                }
            }
        }
    }

    /** A file that cannot be read is kept: it may not be the empty one the start created. */
    private static boolean isEmpty(FileAccess file) {
        try {
            return file.read(table -> table.rowCount()) == 0;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
