package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/** With {@code jazmin.console.allow-remote=true} a client on another machine, under any name, is answered. */
@SpringBootTest(properties = {"sample.customers.count=50", "jazmin.console.allow-remote=true"})
class ConsoleRemoteAccessTests {
    @TempDir
    static Path dir;

    @Autowired
    WebApplicationContext context;

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("sample.data-dir", () -> dir.toString());
    }

    @Test
    void aClientOnAnotherMachineIsAnswered() throws Exception {
        MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
        assertThat(mvc.perform(MockMvcRequestBuilders.get("/jazmin-console/api/rows").with(ConsoleTests.REMOTE))
                .andReturn().getResponse().getContentAsString()).contains("\"rows\"");
        assertThat(mvc.perform(MockMvcRequestBuilders.get("http://console.example/jazmin-console/").with(ConsoleTests.REMOTE))
                .andReturn().getResponse().getStatus()).isEqualTo(200);
    }
}
