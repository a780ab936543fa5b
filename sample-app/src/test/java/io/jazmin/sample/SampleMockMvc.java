package io.jazmin.sample;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * What the console's test classes share: the sample's data in a temporary folder of the class, and
 * MockMvc over the application (whose requests, unlike a real client's, can come from another machine).
 * Each class's application is closed after it: its folder is deleted then, so a later class of the
 * same configuration must not get the cached application back.
 */
@DirtiesContext
abstract class SampleMockMvc {
    /** A client on another machine (TEST-NET-3), as the server would report it. */
    static final RequestPostProcessor REMOTE = request -> {
        request.setRemoteAddr("203.0.113.5");
        return request;
    };

    @TempDir
    static Path dir;

    @Autowired
    WebApplicationContext context;

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("sample.data-dir", () -> dir.toString());
    }

    MockMvc mvc() {
        return MockMvcBuilders.webAppContextSetup(context).build();
    }
}
