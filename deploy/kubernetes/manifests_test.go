// Package kubernetes_test checks the Kubernetes manifests of a split count
// by parsing them: no cluster is available to CI, so nothing here has run on
// a real Kubernetes (see docs/scale-out.md).
package kubernetes_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

type container struct {
	Name    string   `yaml:"name"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Volumes []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
	} `yaml:"volumeMounts"`
	Resources struct {
		Requests map[string]string `yaml:"requests"`
		Limits   map[string]string `yaml:"limits"`
	} `yaml:"resources"`
}

type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		PodFailurePolicy     struct {
			Rules []struct {
				Action      string `yaml:"action"`
				OnExitCodes *struct {
					ContainerName string `yaml:"containerName"`
					Operator      string `yaml:"operator"`
					Values        []int  `yaml:"values"`
				} `yaml:"onExitCodes"`
			} `yaml:"rules"`
		} `yaml:"podFailurePolicy"`
		Template struct {
			Spec struct {
				RestartPolicy string      `yaml:"restartPolicy"`
				Containers    []container `yaml:"containers"`
				Volumes       []struct {
					Name string `yaml:"name"`
					PVC  struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func load(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	d := yaml.NewDecoder(strings.NewReader(string(b)))
	d.KnownFields(false)
	require.NoError(t, d.Decode(v), path)
}

func TestCountJob(t *testing.T) {
	var j job
	load(t, "count-job.yaml", &j)
	require.Equal(t, "batch/v1", j.APIVersion)
	require.Equal(t, "Job", j.Kind)
	require.Equal(t, "Indexed", j.Spec.CompletionMode)
	require.Positive(t, j.Spec.Parallelism)
	require.NotNil(t, j.Spec.BackoffLimitPerIndex)
	require.Equal(t, "Never", j.Spec.Template.Spec.RestartPolicy, "podFailurePolicy needs restartPolicy Never")

	// K in --units must be the number of completions.
	c := j.Spec.Template.Spec.Containers[0]
	cmd := strings.Join(c.Args, " ")
	m := regexp.MustCompile(`--units (\d+)`).FindStringSubmatch(cmd)
	require.NotNil(t, m, cmd)
	require.Equal(t, m[1], strconv.Itoa(j.Spec.Completions))
	require.Contains(t, cmd, "--unit env")
	require.Contains(t, cmd, "--checkpoint /results/")
	require.Contains(t, cmd, "--out /results/")

	// The pod asks for the CPUs its unit uses: --workers.
	w := regexp.MustCompile(`--workers (\d+)`).FindStringSubmatch(cmd)
	require.NotNil(t, w, "the unit's --workers must be explicit: %s", cmd)
	require.Equal(t, w[1], c.Resources.Requests["cpu"], "resources.requests.cpu must be the unit's --workers")
	require.Equal(t, w[1], c.Resources.Limits["cpu"], "resources.limits.cpu must be the unit's --workers")

	// Exit 2 fails the index; exit 3 is retried.
	actions := map[int]string{}
	for _, r := range j.Spec.PodFailurePolicy.Rules {
		if r.OnExitCodes == nil {
			continue
		}
		require.Equal(t, c.Name, r.OnExitCodes.ContainerName)
		require.Equal(t, "In", r.OnExitCodes.Operator)
		for _, v := range r.OnExitCodes.Values {
			actions[v] = r.Action
		}
	}
	require.Equal(t, "FailIndex", actions[2])
	require.Contains(t, []string{"Count", "Ignore"}, actions[3])

	// The results live on the PersistentVolumeClaim.
	var pvc struct {
		Kind     string `yaml:"kind"`
		Metadata struct {
			Name string `yaml:"name"`
		} `yaml:"metadata"`
	}
	load(t, "pvc.yaml", &pvc)
	require.Equal(t, "PersistentVolumeClaim", pvc.Kind)
	require.Equal(t, pvc.Metadata.Name, j.Spec.Template.Spec.Volumes[0].PVC.ClaimName)
	require.Equal(t, "/results", c.Volumes[0].MountPath)

	var mj job
	load(t, "merge-job.yaml", &mj)
	require.Equal(t, "Job", mj.Kind)
	require.Equal(t, pvc.Metadata.Name, mj.Spec.Template.Spec.Volumes[0].PVC.ClaimName)
	require.Contains(t, strings.Join(mj.Spec.Template.Spec.Containers[0].Args, " "), "coverkit merge")
}
