package io.jazmin.spring.boot.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.jazmin.JazminWriter;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spring.boot.autoconfigure.JazminAutoConfiguration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.handler.SimpleUrlHandlerMapping;

/** When the console is registered, and where: off by default, servlet web applications only, its path checked. */
class JazminConsoleAutoConfigurationTests {
    @TempDir
    Path dir;

    @BeforeEach
    void writeFile() {
        try (JazminWriter writer = JazminWriter.create(dir.resolve("items.jzm"), List.of(Column.of("id", ColumnType.INT)),
                WriteOptions.defaults())) {
            writer.writeRow(Map.of("id", 1L));
            writer.finish();
        }
    }

    private WebApplicationContextRunner web() {
        return new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                        JazminConsoleAutoConfiguration.class))
                .withPropertyValues("jazmin.files.items.path=" + dir.resolve("items.jzm"));
    }

    private static MockMvc mvc(WebApplicationContext context) {
        return MockMvcBuilders.webAppContextSetup(context).build();
    }

    @Test
    void offUnlessEnabled() {
        web().run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean("jazminConsoleHandlerMapping");
            mvc((WebApplicationContext) context).perform(get("/jazmin-console/")).andExpect(status().isNotFound());
        });
        web().withPropertyValues("jazmin.console.enabled=false").run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean("jazminConsoleHandlerMapping"));
    }

    @Test
    void onlyInServletWebApplications() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class, JazminConsoleAutoConfiguration.class))
                .withPropertyValues("jazmin.files.items.path=" + dir.resolve("items.jzm"), "jazmin.console.enabled=true")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(SimpleUrlHandlerMapping.class));
    }

    @Test
    void servedAtItsPathWhichRedirectsToItsPage() {
        web().withPropertyValues("jazmin.console.enabled=true", "jazmin.console.path=/tools/jzm/").run(context -> {
            assertThat(context).hasNotFailed().hasBean("jazminConsoleHandlerMapping");
            MockMvc mvc = mvc((WebApplicationContext) context);
            mvc.perform(get("/tools/jzm/")).andExpect(status().isOk())
                    .andExpect(header().string("Content-Type", "text/html; charset=utf-8"));
            mvc.perform(get("/tools/jzm?source=items")).andExpect(status().isFound())
                    .andExpect(header().string("Location", "/tools/jzm/?source=items"));
            mvc.perform(get("/tools/jzm/api/rows")).andExpect(status().isOk());
            mvc.perform(get("/jazmin-console/")).andExpect(status().isNotFound());
        });
    }

    @Test
    void aPathNotBelowTheRootFailsTheStart() {
        for (String path : List.of("/", "console", "/a b", "/a//b")) {
            web().withPropertyValues("jazmin.console.enabled=true", "jazmin.console.path=" + path).run(context ->
                    assertThat(context).getFailure().rootCause().hasMessageContaining("jazmin.console.path"));
        }
    }
}
